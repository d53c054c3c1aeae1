/// The schemes raw HTML may link to, as GitHub allows them: http, https, mailto and relative URLs; images also
/// `data:image/…`. Everything else (`javascript:`, `vbscript:`, `data:text/html`, `file:`) is refused.
enum URLScheme {
    /// The scheme of a URL that must not stay, or nil when the URL may.
    static func refused(_ url: String, element: String, attribute: String) -> String? {
        guard let scheme = scheme(of: url) else { return nil }  // relative: a path, a query or a fragment
        switch scheme {
        case "http", "https": return nil
        case "mailto" where element == "a": return nil
        case "data" where element == "img" || element == "source":
            return normalized(url).lowercased().hasPrefix("data:image/") ? nil : scheme
        default: return scheme
        }
    }

    /// The lower-cased scheme, when the URL has one (a `:` before any `/`, `?` or `#`).
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in normalized(url).unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            if scalar == "/" || scalar == "?" || scalar == "#" { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// As a browser reads it: leading and trailing spaces and control characters, and tabs and newlines anywhere, removed.
    private static func normalized(_ url: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in url.unicodeScalars where scalar.value > 0x20 && scalar.value != 0x7f { result.append(scalar) }
        return String(result)
    }
}
