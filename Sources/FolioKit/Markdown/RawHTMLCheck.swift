/// Finds script URLs in raw HTML that a site let through with `unsafeHTML: true`.
enum RawHTMLCheck {
    /// True when the HTML holds `javascript:` or `vbscript:`, also when hidden by entities, case or spacing.
    static func hasScriptURL(_ html: String) -> Bool {
        var normalized = ""
        var scalars = html.unicodeScalars.makeIterator()
        var pending: [Unicode.Scalar] = []
        while let scalar = pending.isEmpty ? scalars.next() : pending.removeFirst() {
            if scalar == "&" {
                // Decode numeric character references and &colon; the way a browser would.
                var entity = ""
                while let next = scalars.next() {
                    if next == ";" { break }
                    entity.unicodeScalars.append(next)
                    if entity.count > 10 {
                        pending = Array(entity.unicodeScalars)
                        entity = ""
                        break
                    }
                }
                if let decoded = decode(entity), decoded.value > 0x20 { normalized.unicodeScalars.append(decoded) }
                continue
            }
            if scalar.value <= 0x20 { continue }
            normalized.unicodeScalars.append(scalar)
        }
        let lower = normalized.lowercased()
        return lower.contains("javascript:") || lower.contains("vbscript:")
    }

    private static func decode(_ entity: String) -> Unicode.Scalar? {
        if entity.lowercased() == "colon" { return ":" }
        guard entity.hasPrefix("#") else { return nil }
        let digits = entity.dropFirst()
        let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
        return value.flatMap(Unicode.Scalar.init)
    }
}
