/// What happens to a link's destination: dangerous schemes dropped, links to `.md` files turned into page URLs.
struct LinkPolicy: Sendable {
    /// Content-relative source path (`guide/setup.md`) → site URL path (`/guide/setup/`).
    var pageURLs: [String: String]
    /// Content-relative paths of static files, which keep their path in the output.
    var staticFiles: Set<String> = []

    enum Outcome: Equatable {
        case keep
        case replace(String)
        case missingPage(String)
    }

    /// Decides what `url` on the page at `sourcePath` / `pageURL` becomes.
    func resolve(_ url: String, isImage: Bool, sourcePath: String, pageURL: String) -> Outcome {
        if Self.isDangerous(url, isImage: isImage) { return .replace("") }
        if url.hasPrefix("#") || url.isEmpty || Self.hasScheme(url) || url.hasPrefix("//") { return .keep }
        let (path, suffix) = Self.splitSuffix(url)
        if path.hasPrefix("/") {
            // A site path: made relative so the site works under a sub-path and from file://.
            return .replace(SitePath.relative(from: pageURL, to: path) + suffix)
        }
        let target = SitePath.join(directory: SitePath.directory(of: sourcePath), path)
        guard path.lowercased().hasSuffix(".md") else {
            // A file beside the Markdown (`images/x.svg`) is linked from the page's URL, one folder deeper.
            guard staticFiles.contains(target) else { return .keep }
            return .replace(SitePath.relative(from: pageURL, to: "/" + target) + suffix)
        }
        guard let targetURL = pageURLs[target] else { return .missingPage(target) }
        return .replace(SitePath.relative(from: pageURL, to: targetURL) + suffix)
    }

    /// `javascript:`, `vbscript:`, `file:`, and `data:` other than images, after the normalisation browsers do.
    static func isDangerous(_ url: String, isImage: Bool) -> Bool {
        // No colon, no scheme: the common relative link needs no normalising.
        guard url.utf8.contains(UInt8(ascii: ":")) else { return false }
        let normalized = String(
            url.unicodeScalars.filter { $0.value > 0x20 && $0 != "\u{7F}" }.map(Character.init)
        ).lowercased()
        if normalized.hasPrefix("javascript:") || normalized.hasPrefix("vbscript:") || normalized.hasPrefix("file:") {
            return true
        }
        if normalized.hasPrefix("data:") {
            let safeImages = ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"]
            return !(isImage && safeImages.contains { normalized.hasPrefix($0) })
        }
        return false
    }

    static func hasScheme(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return false }
        let scheme = url[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Splits `a.md#x` into `a.md` and `#x` (also `?query`).
    static func splitSuffix(_ url: String) -> (String, String) {
        guard let index = url.firstIndex(where: { $0 == "#" || $0 == "?" }) else { return (url, "") }
        return (String(url[..<index]), String(url[index...]))
    }
}
