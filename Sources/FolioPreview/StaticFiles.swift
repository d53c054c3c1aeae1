import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Maps a request path to a file inside the output folder, and never to anything outside it.
///
/// The folder is swapped by every build (a new inode), so nothing is cached: each request
/// resolves its path again from the folder's name.
struct StaticFiles: Sendable {
    let root: String

    enum Resolution: Equatable {
        case file(String)  // an absolute, symlink-free path inside the root
        case redirect(String)  // a directory asked for without its trailing slash
        case notFound
        case badRequest  // `..`, encoded separators, NUL, double slashes, bad percent-encoding
    }

    func resolve(_ rawPath: String) -> Resolution {
        guard let segments = Self.segments(of: rawPath) else { return .badRequest }
        guard let rootReal = Self.realPath(root) else { return .notFound }
        let candidate = ([rootReal] + segments).joined(separator: "/")
        guard let real = Self.realPath(candidate), Self.isInside(real, rootReal) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0 else { return .notFound }
        if info.st_mode & S_IFMT == S_IFDIR {
            guard rawPath.hasSuffix("/") else { return .redirect(rawPath + "/") }
            return fileInside(real + "/index.html", rootReal)
        }
        return rawPath.hasSuffix("/") ? .notFound : fileInside(real, rootReal)
    }

    /// `404.html` at the root of the output, if the theme wrote one.
    func notFoundPage() -> String? {
        guard let rootReal = Self.realPath(root) else { return nil }
        if case .file(let path) = fileInside(rootReal + "/404.html", rootReal) { return path }
        return nil
    }

    private func fileInside(_ path: String, _ rootReal: String) -> Resolution {
        guard let real = Self.realPath(path), Self.isInside(real, rootReal) else { return .notFound }
        var info = stat()
        guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return .notFound }
        return .file(real)
    }

    /// The decoded path segments, or nil when the path tries anything but naming a file below the root.
    /// A trailing slash gives no segment of its own.
    static func segments(of rawPath: String) -> [String]? {
        guard rawPath.hasPrefix("/"), !rawPath.contains("\0") else { return nil }
        var parts = rawPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.last == "" { parts.removeLast() }
        var segments: [String] = []
        for part in parts {
            guard !part.isEmpty, let decoded = part.removingPercentEncoding else { return nil }
            guard decoded != ".", decoded != "..", !decoded.contains(where: { "/\\\0".contains($0) }) else {
                return nil
            }
            segments.append(decoded)
        }
        return segments
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}

/// Content types by file extension; anything unknown is sent as bytes.
enum MIMEType {
    static func forPath(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: ".") else { return "application/octet-stream" }
        return types[name[name.index(after: dot)...].lowercased()] ?? "application/octet-stream"
    }

    static func isHTML(_ path: String) -> Bool { forPath(path).hasPrefix("text/html") }

    static let types: [String: String] = [
        "html": "text/html; charset=utf-8", "htm": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json", "map": "application/json", "webmanifest": "application/manifest+json",
        "xml": "application/xml", "rss": "application/rss+xml", "atom": "application/atom+xml",
        "txt": "text/plain; charset=utf-8", "md": "text/markdown; charset=utf-8", "csv": "text/csv; charset=utf-8",
        "svg": "image/svg+xml", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
        "webp": "image/webp", "avif": "image/avif", "ico": "image/x-icon", "bmp": "image/bmp",
        "woff": "font/woff", "woff2": "font/woff2", "ttf": "font/ttf", "otf": "font/otf",
        "pdf": "application/pdf", "zip": "application/zip", "wasm": "application/wasm",
        "mp4": "video/mp4", "webm": "video/webm", "ogv": "video/ogg", "mov": "video/quicktime",
        "mp3": "audio/mpeg", "ogg": "audio/ogg", "wav": "audio/wav", "m4a": "audio/mp4",
        "vtt": "text/vtt; charset=utf-8",
    ]
}
