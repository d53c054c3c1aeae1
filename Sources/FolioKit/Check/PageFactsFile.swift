import Foundation

/// The link check's side of the build cache, beside it in `.folio-cache/`: each page's ids and links
/// (and `updated:`), so an unchanged page's links are checked again without reading or rendering it.
/// One record a line, tab-separated fields, like the build cache.
enum PageFactsFile {
    static let format = "folio-facts-1"

    struct Entry: Sendable {
        var fingerprint: FileFingerprint
        var facts: PageFacts
    }

    /// `.folio-cache/build-<key>.json` → `.folio-cache/build-<key>.facts`.
    static func location(buildCache path: String) -> String {
        (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + ".facts"
    }

    static func encode(_ entries: [String: Entry]) -> String {
        var lines = [format]
        for path in entries.keys.sorted() {
            let entry = entries[path]!
            let print = entry.fingerprint
            lines.append(fields(["page", path, String(print.size), String(print.seconds), String(print.nanoseconds),
                entry.facts.updated ?? "\u{0}"]))
            lines.append(fields(["ids"] + entry.facts.ids))
            for link in entry.facts.links {
                let target: [String]
                switch link.target {
                case .site(let path, let fragment): target = ["s", path, fragment ?? "\u{0}"]
                case .source(let path, let fragment): target = ["m", path, fragment ?? "\u{0}"]
                case .external(let url): target = ["x", url, "\u{0}"]
                }
                lines.append(fields(["link", String(link.line), String(link.column), link.isImage ? "1" : "0", link.written] + target))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ text: String) -> [String: Entry]? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).makeIterator()
        guard lines.next() == Substring(format) else { return nil }
        var entries: [String: Entry] = [:]
        var current: String?
        while let line = lines.next() {
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(unescape)
            switch f.first {
            case "page" where f.count == 6:
                guard let size = Int64(f[2]), let seconds = Int64(f[3]), let nanoseconds = Int64(f[4]) else { return nil }
                entries[f[1]] = Entry(fingerprint: FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds),
                    facts: PageFacts(ids: [], links: [], updated: f[5] == "\u{0}" ? nil : f[5]))
                current = f[1]
            case "ids":
                guard let page = current else { return nil }
                entries[page]?.facts.ids = Array(f.dropFirst())
            case "link" where f.count == 8:
                guard let page = current, let line = Int(f[1]), let column = Int(f[2]) else { return nil }
                let fragment = f[7] == "\u{0}" ? nil : f[7]
                let target: PageLink.Target
                switch f[5] {
                case "s": target = .site(path: f[6], fragment: fragment)
                case "m": target = .source(path: f[6], fragment: fragment)
                case "x": target = .external(f[6])
                default: return nil
                }
                entries[page]?.facts.links.append(PageLink(target: target, line: line, column: column, isImage: f[3] == "1", written: f[4]))
            default:
                return nil
            }
        }
        return entries
    }

    static func load(from path: String) -> [String: Entry]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return decode(String(decoding: data, as: UTF8.self))
    }

    static func save(_ entries: [String: Entry], to path: String) {
        let url = URL(fileURLWithPath: path)
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(encode(entries).utf8).write(to: url, options: .atomic)
    }

    private static func fields(_ values: [String]) -> String { values.map(escape).joined(separator: "\t") }

    private static func escape(_ value: String) -> String {
        guard value.utf8.contains(where: { $0 == 9 || $0 == 10 || $0 == 13 || $0 == 92 }) else { return value }
        return value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")
    }

    private static func unescape(_ field: Substring) -> String {
        guard field.utf8.contains(92) else { return String(field) }
        var result = ""
        var escaped = false
        for character in field.unicodeScalars {
            if escaped {
                switch character {
                case "t": result += "\t"
                case "n": result += "\n"
                case "r": result += "\r"
                default: result.unicodeScalars.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.unicodeScalars.append(character)
            }
        }
        return result
    }
}
