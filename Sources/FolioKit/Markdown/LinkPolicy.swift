/// What happens to a link's destination: dangerous schemes dropped, links to `.md` files turned into page URLs.
struct LinkPolicy: Sendable {
    /// Content-relative source path (`guide/setup.md`) → site URL path (`/guide/setup/`).
    var pageURLs: [String: String]
    /// Content-relative paths of static files, which keep their path in the output.
    var staticFiles: Set<String> = []
    /// The site paths of pages whose URL is not ASCII (`/résumé/`), by which a site path link names them.
    private let nonASCIIPageURLs: Set<String>

    init(pageURLs: [String: String], staticFiles: Set<String> = []) {
        self.pageURLs = pageURLs
        self.staticFiles = staticFiles
        nonASCIIPageURLs = Set(pageURLs.values.filter { !SitePath.isASCII($0) })
    }

    enum Outcome: Equatable {
        case keep
        /// The destination written anew (`url`, relative to the page), and the site path it leads to when the policy
        /// knows it (a page or a static file beside the Markdown), so that the link check need not resolve `url` again.
        case replace(String, sitePath: String? = nil)
        case missingPage(String)
    }

    /// Decides what `url` on the page at `sourcePath` / `pageURL` becomes.
    func resolve(_ url: String, isImage: Bool, sourcePath: String, pageURL: String) -> Outcome {
        if Self.isDangerous(url, isImage: isImage) { return .replace("") }
        if url.hasPrefix("#") || url.isEmpty || Self.hasScheme(url) || url.hasPrefix("//") { return .keep }
        let (written, suffix) = Self.splitSuffix(url)
        // The path names a file as a URL does (`my%20notes.md` is `my notes.md`); the link to it is encoded again.
        let path = SitePath.decoded(written)
        if path.hasPrefix("/") {
            // A site path: made relative so the site works under a sub-path and from file://.
            return .replace(SitePath.relative(from: pageURL, to: onDisk(sitePath: path)) + suffix)
        }
        let target = SitePath.join(directory: SitePath.directory(of: sourcePath), path)
        guard SitePath.isMarkdown(path) else {
            // A file beside the Markdown (`images/x.svg`) is linked from the page's URL, one folder deeper.
            guard staticFiles.contains(target) else { return .keep }
            let sitePath = "/" + file(target)
            return .replace(SitePath.relative(from: pageURL, to: sitePath) + suffix, sitePath: sitePath)
        }
        guard let targetURL = pageURLs[target] else { return .missingPage(target) }
        return .replace(SitePath.relative(from: pageURL, to: targetURL) + suffix, sitePath: targetURL)
    }

    /// The page or static file a site path names, as its name is written on disk (see `file`): a page's own URL,
    /// with or without its last slash as the link has it.
    func onDisk(sitePath path: String) -> String {
        guard !SitePath.isASCII(path) else { return path }
        if let index = nonASCIIPageURLs.firstIndex(of: path) { return nonASCIIPageURLs[index] }
        if !path.hasSuffix("/"), let index = nonASCIIPageURLs.firstIndex(of: path + "/") {
            return String(nonASCIIPageURLs[index].dropLast())
        }
        return "/" + file(String(path.dropFirst()))
    }

    /// The static file at `path` as its name is written on disk: Swift compares strings canonically, so `résumé.pdf`
    /// written composed finds a file named decomposed (as macOS writes names), which a Linux server serves only by
    /// its own bytes. Else `path` itself.
    private func file(_ path: String) -> String {
        guard let index = staticFiles.firstIndex(of: path) else { return path }
        return staticFiles[index]
    }

    /// `javascript:`, `vbscript:`, `file:`, and `data:` other than images, after the normalisation browsers do
    /// (control characters and spaces removed, ASCII letters lowercased). Runs on every link: bytes, not Characters.
    static func isDangerous(_ url: String, isImage: Bool) -> Bool {
        // No colon, no scheme: the common relative link needs no normalising.
        guard ByteSearch.contains(url, byte: UInt8(ascii: ":")) else { return false }
        var head: [UInt8] = []  // the first 16 bytes that count, enough for every prefix below
        head.reserveCapacity(16)
        for byte in url.utf8 where byte > 0x20 && byte != 0x7F {
            head.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte)
            if head.count == 16 { break }
        }
        func starts(_ prefix: StaticString) -> Bool {
            let bytes = UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            return head.starts(with: bytes)
        }
        if starts("javascript:") || starts("vbscript:") || starts("file:") { return true }
        if starts("data:") {
            return
                !(isImage
                && (starts("data:image/png") || starts("data:image/gif") || starts("data:image/jpeg")
                    || starts("data:image/webp")))
        }
        return false
    }

    /// `scheme:` at the start: an ASCII letter, then letters, digits, `+`, `-` or `.`, then a colon.
    static func hasScheme(_ url: String) -> Bool {
        var first = true
        for byte in url.utf8 {
            let letter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            if first {
                guard letter else { return false }
                first = false
                continue
            }
            if byte == UInt8(ascii: ":") { return true }
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            guard letter || digit || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            else {
                return false
            }
        }
        return false
    }

    /// Splits `a.md#x` into `a.md` and `#x` (also `?query`).
    static func splitSuffix(_ url: String) -> (String, String) {
        // By byte: a URL's `#` or `?` starts its suffix whatever follows it (and Characters cost a grapheme walk).
        guard let index = url.utf8.firstIndex(where: { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") }) else {
            return (url, "")
        }
        return (String(url[..<index]), String(url[index...]))
    }
}
