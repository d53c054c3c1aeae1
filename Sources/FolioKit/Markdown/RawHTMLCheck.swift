/// Finds script URLs in raw HTML that a site let through with `unsafeHTML: true`.
enum RawHTMLCheck {
    /// True when the HTML holds `javascript:` or `vbscript:`, also when hidden by character references, case or
    /// spacing. References are read as a browser reads them in an attribute: a numeric one ends at its last digit,
    /// with or without a `;` (`&#106avascript:` is `javascript:`). A named one other than `&colon;` is left out
    /// (`&Tab;` and `&NewLine;` are spaces a URL drops; an unknown name can only make the check find more).
    static func hasScriptURL(_ html: String) -> Bool {
        let lower = normalized(html)
        return lower.contains("javascript:") || lower.contains("vbscript:")
    }

    /// True when the HTML may hold a URL no setting keeps: a script URL, or `data:` or `file:` (which
    /// `ScriptURLs` takes out of URL attributes, but for an image's `data:image/…`).
    static func mayHoldRefusedURL(_ html: String) -> Bool {
        let lower = normalized(html)
        return lower.contains("javascript:") || lower.contains("vbscript:") || lower.contains("data:")
            || lower.contains("file:")
    }

    /// The HTML lower-cased, with character references decoded and spaces and control characters left out.
    private static func normalized(_ html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        var normalized = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "&", let reference = reference(in: scalars, at: index) {
                if let decoded = reference.scalar, decoded.value > 0x20 { normalized.append(decoded) }
                index = reference.end
                continue
            }
            if scalar.value > 0x20 { normalized.append(scalar) }
            index += 1
        }
        return String(normalized).lowercased()
    }

    /// The character reference at `start` (an `&`) and where it ends; nil when no reference starts there.
    private static func reference(in scalars: [Unicode.Scalar], at start: Int) -> (scalar: Unicode.Scalar?, end: Int)? {
        var index = start + 1
        guard index < scalars.count else { return nil }
        if scalars[index] == "#" {
            index += 1
            let hex = index < scalars.count && (scalars[index] == "x" || scalars[index] == "X")
            if hex { index += 1 }
            var value: UInt32 = 0
            var digits = 0
            while index < scalars.count, let digit = digitValue(scalars[index], hex: hex) {
                value = min(value * (hex ? 16 : 10) + digit, 0x110000)  // past the last code point: U+FFFD
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            return (Unicode.Scalar(value) ?? "\u{FFFD}", index)
        }
        var name = ""
        while index < scalars.count, scalars[index].isASCII,
            scalars[index].properties.isAlphabetic || digitValue(scalars[index], hex: false) != nil
        {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard !name.isEmpty else { return nil }
        if index < scalars.count, scalars[index] == ";" { index += 1 }
        return (name.lowercased() == "colon" ? ":" : nil, index)
    }

    private static func digitValue(_ scalar: Unicode.Scalar, hex: Bool) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f" where hex: scalar.value - 0x61 + 10
        case "A"..."F" where hex: scalar.value - 0x41 + 10
        default: nil
        }
    }
}
