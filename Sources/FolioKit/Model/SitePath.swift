/// Site paths are `/`-separated, begin with `/`, and name directories with a trailing `/`.
enum SitePath {
    /// The page URL of a content-relative Markdown path: `a/b.md` → `/a/b/`, `a/index.md` → `/a/`.
    static func pageURL(forSource source: String, slug: String? = nil) -> String {
        var parts = source.split(separator: "/").map(String.init)
        guard var last = parts.popLast() else { return "/" }
        if last.lowercased().hasSuffix(".md") { last = String(last.dropLast(3)) }
        if last != "index" { parts.append(last) }
        if let slug, !slug.isEmpty {
            if parts.isEmpty { parts.append(slug) } else { parts[parts.count - 1] = slug }
        }
        return parts.isEmpty ? "/" : "/" + parts.joined(separator: "/") + "/"
    }

    /// The directory part of a content-relative path (`a/b.md` → `a`).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    /// Joins and normalises `.` and `..` (never above the root).
    /// Paths are split as UTF-8 bytes: this runs for every link of every page.
    static func join(directory: String, _ relative: String) -> String {
        var parts = relative.utf8.first == slash ? [] : directory.utf8.split(separator: slash)
        for part in relative.utf8.split(separator: slash) {
            if part.elementsEqual(".".utf8) { continue }
            if part.elementsEqual("..".utf8) {
                _ = parts.popLast()
            } else {
                parts.append(part)
            }
        }
        return joined(parts[...])
    }

    /// A relative link from the page at `from` (a directory URL) to `to` (a site path).
    static func relative(from: String, to: String) -> String {
        let fromParts = from.utf8.split(separator: slash)
        let toParts = to.utf8.split(separator: slash)
        let toFolder = to.utf8.last == slash
        var common = 0
        while common < fromParts.count, common < toParts.count - (toFolder ? 0 : 1),
            fromParts[common].elementsEqual(toParts[common])
        {
            common += 1
        }
        var result = String(repeating: "../", count: fromParts.count - common)
        result += joined(toParts[common...])
        if toFolder && common < toParts.count { result += "/" }
        return result.isEmpty ? "./" : result
    }

    private static let slash = UInt8(ascii: "/")

    private static func joined(_ parts: ArraySlice<Substring.UTF8View>) -> String {
        var result = ""
        for part in parts {
            if !result.isEmpty { result += "/" }
            result += Substring(part)
        }
        return result
    }

    /// `../../` for `/a/b/`: the way back from a page to the site root.
    static func root(from url: String) -> String {
        let depth = url.split(separator: "/").count
        return depth == 0 ? "./" : String(repeating: "../", count: depth)
    }
}
