import Foundation

/// Front matter dates (`2026-05-01` or ISO 8601) in the forms feeds and sitemaps require.
enum PublishDate {
    /// RFC 3339 with a time and zone (Atom, JSON Feed): a bare date is midnight UTC.
    static func rfc3339(_ value: String) -> String? {
        let text = value.trimmingWhitespace()
        if isDay(text) { return text + "T00:00:00Z" }
        if let date = parse(text) { return formatter.string(from: date) }
        return nil
    }

    /// W3C datetime for a sitemap's `lastmod`: the day when that is all the front matter says.
    static func w3c(_ value: String) -> String? {
        let text = value.trimmingWhitespace()
        if isDay(text) { return text }
        return parse(text).map { formatter.string(from: $0) }
    }

    /// For ordering entries: seconds since 1970, nil when the value is no date.
    static func sortKey(_ value: String) -> Double? {
        let text = value.trimmingWhitespace()
        if isDay(text) { return parse(text + "T00:00:00Z")?.timeIntervalSince1970 }
        return parse(text)?.timeIntervalSince1970
    }

    /// A day of the calendar, `YYYY-MM-DD` (`2024-02-30` is none: `updated:` is not checked as `date:` is).
    private static func isDay(_ text: String) -> Bool { text.utf8.count == 10 && DateCheck.isValid(text) }

    /// Every form front matter's `date:` takes (`DateCheck`), as RFC 3339 wants it: `2025-01-01 10:00` is
    /// `2025-01-01T10:00:00Z` — a time without a zone is UTC, as in Hugo — and a leap second (`:60`) is the second
    /// before it. The feeds left such pages out.
    static func normalized(_ text: String) -> String {
        var bytes = Array(text.utf8)
        guard bytes.count >= 16 else { return text }
        bytes[10] = UInt8(ascii: "T")
        if bytes.count == 16 || bytes[16] != UInt8(ascii: ":") { bytes.insert(contentsOf: Array(":00".utf8), at: 16) }
        if bytes[17] == UInt8(ascii: "6"), bytes[18] == UInt8(ascii: "0") { bytes[17...18] = [53, 57] }  // "59"
        var end = 19
        if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
            end += 1
            while end < bytes.count, bytes[end] >= 48 && bytes[end] <= 57 { end += 1 }
        }
        if end == bytes.count { bytes += [UInt8(ascii: "Z")] }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func parse(_ text: String) -> Date? {
        let text = normalized(text)
        for options in [
            ISO8601DateFormatter.Options.withInternetDateTime, [.withInternetDateTime, .withFractionalSeconds],
        ] {
            let parser = ISO8601DateFormatter()
            parser.formatOptions = options
            if let date = parser.date(from: text) { return date }
        }
        return nil
    }

    private static var formatter: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = .withInternetDateTime
        return formatter
    }
}
