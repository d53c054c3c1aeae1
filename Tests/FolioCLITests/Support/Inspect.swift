import Foundation
import Testing

/// Crude but sufficient readings of generated HTML and of diagnostics.
enum HTML {
    /// The text between `<main …>` and `</main>`, or "" when there is none.
    static func main(_ html: String) -> String {
        guard let open = html.range(of: "<main"),
            let close = html.range(of: "</main>", range: open.upperBound..<html.endIndex)
        else { return "" }
        guard let tagEnd = html.range(of: ">", range: open.upperBound..<close.lowerBound) else { return "" }
        return String(html[tagEnd.upperBound..<close.lowerBound])
    }

    /// Tags replaced by spaces, the common entities decoded, whitespace collapsed.
    static func text(_ html: String) -> String {
        var text = html.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
        text = decodeEntities(text)
        return text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func decodeEntities(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            guard let semicolon = rest.prefix(12).firstIndex(of: ";") else {
                result += "&"
                rest = rest.dropFirst()
                continue
            }
            let name = rest[rest.index(after: rest.startIndex)..<semicolon]
            var decoded: String?
            switch name {
            case "amp": decoded = "&"
            case "lt": decoded = "<"
            case "gt": decoded = ">"
            case "quot": decoded = "\""
            case "apos": decoded = "'"
            case "colon": decoded = ":"
            case "Tab": decoded = "\t"
            case "NewLine": decoded = "\n"
            default:
                if name.hasPrefix("#x") || name.hasPrefix("#X"), let value = UInt32(name.dropFirst(2), radix: 16),
                    let scalar = Unicode.Scalar(value)
                {
                    decoded = String(Character(scalar))
                } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value)
                {
                    decoded = String(Character(scalar))
                }
            }
            if let decoded {
                result += decoded
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    /// The values of every `name="…"` / `name='…'` attribute, entities decoded.
    static func attributeValues(_ name: String, in html: String) -> [String] {
        var values: [String] = []
        let pattern = "\\s\(name)\\s*=\\s*(\"([^\"]*)\"|'([^']*)'|([^\\s>]+))"
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive]) else { return [] }
        let range = NSRange(html.startIndex..<html.endIndex, in: html)
        for match in regex.matches(in: html, range: range) {
            for group in 2...4 {
                if let r = Range(match.range(at: group), in: html) {
                    values.append(decodeEntities(String(html[r])))
                    break
                }
            }
        }
        return values
    }

    /// The site path a link on the page at `pageURL` (a site path like `/guide/setup/`) leads to,
    /// fragment and query dropped: `../../assets/x.css` from `/a/b/` → `/assets/x.css`.
    static func resolve(_ href: String, from pageURL: String) -> String {
        guard let base = URL(string: "http://site.invalid" + pageURL),
            let url = URL(string: href, relativeTo: base)?.absoluteURL,
            url.host == "site.invalid",
            let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return href }
        return components.path  // unlike URL.path, keeps the trailing slash
    }

    /// How many times `needle` occurs in `haystack` (non-overlapping).
    static func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    /// The URL scheme a browser would see: controls and whitespace removed, lower-cased.
    static func browserScheme(_ url: String) -> String {
        let cleaned = String(
            String.UnicodeScalarView(url.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7F }))
        guard let colon = cleaned.firstIndex(of: ":") else { return "" }
        return cleaned[..<colon].lowercased()
    }
}

/// Where a piece of text sits in a file, as an editor counts: 1-based line and column (in characters).
struct Position: Equatable, CustomStringConvertible {
    var line: Int
    var column: Int

    var description: String { "\(line):\(column)" }

    /// The position of the first occurrence of `needle` in `text`.
    static func of(_ needle: String, in text: String) -> Position? {
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if let range = line.range(of: needle) {
                return Position(line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }

    /// The position of `needle` in the file at `url`.
    static func of(_ needle: String, inFile url: URL) throws -> Position {
        let text = try Tree.text(url)
        return try #require(of(needle, in: text), "'\(needle)' not found in \(url.path)")
    }
}

/// One `path:line:col: severity: message` line.
struct Diagnostic: Equatable, CustomStringConvertible {
    var path: String
    var line: Int
    var column: Int
    var severity: String
    var message: String

    var description: String { "\(path):\(line):\(column): \(severity): \(message)" }

    /// Parses every diagnostic line of a run's stderr; other lines (the summary) are skipped.
    static func parse(_ stderr: String) -> [Diagnostic] {
        let regex = try! NSRegularExpression(pattern: "^(.+?):(\\d+):(\\d+): (error|warning): (.*)$")
        return stderr.split(separator: "\n").compactMap { line in
            let line = String(line)
            guard let match = regex.firstMatch(in: line, range: NSRange(line.startIndex..<line.endIndex, in: line)),
                let path = Range(match.range(at: 1), in: line), let l = Range(match.range(at: 2), in: line),
                let c = Range(match.range(at: 3), in: line), let s = Range(match.range(at: 4), in: line),
                let m = Range(match.range(at: 5), in: line)
            else { return nil }
            return Diagnostic(
                path: String(line[path]), line: Int(line[l])!, column: Int(line[c])!,
                severity: String(line[s]), message: String(line[m]))
        }
    }
}
