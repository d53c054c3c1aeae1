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

    private static func parse(_ text: String) -> Date? {
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
