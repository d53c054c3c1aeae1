import Foundation

/// The build cache written while `folio build` renders (see `CacheStream`): each page's record goes to the file as
/// soon as its page is written or taken unchanged from the last output, instead of every record being held to the
/// build's end, where its memory peaks (a build of 100,000 pages held 28 MB of records there). The styles the pages
/// name, the static files and the output folder's identity follow at the end (`finish`). The pages' lines come in
/// the order their workers finish them; the file's reader takes them in any order (`CacheFile`).
final class BuildCacheStream: @unchecked Sendable {
    private let file: CacheStream
    /// Each style the pages name, once, by name (under `lock`: pages are added by their workers).
    private var styles: [String: BuildCache.CachedStyle] = [:]
    private let lock = NSLock()

    init?(path: String, siteKey: String) {
        guard let file = CacheStream(path: path) else { return nil }
        self.file = file
        var header: [UInt8] = []
        CacheFile.appendHeader(siteKey: siteKey, to: &header)
        file.append(header)
    }

    /// Page `path`'s record, with the lines of its problems.
    func add(_ path: String, _ record: BuildCache.PageRecord) {
        var bytes: [UInt8] = []
        CacheFile.appendPage(path, record, to: &bytes)
        if !record.styles.isEmpty {
            lock.lock()
            for style in record.styles where styles[style.name] == nil { styles[style.name] = style }
            lock.unlock()
        }
        file.append(bytes)
    }

    /// Every page is added: the file ends with the styles, the static files and the output folder's identity (nil:
    /// unknown), and replaces the last build's.
    func finish(staticFiles: [String: FileFingerprint], output: [Int]?) {
        var bytes: [UInt8] = []
        lock.lock()
        for style in styles.values { CacheFile.appendStyle(style, to: &bytes) }
        lock.unlock()
        for (path, fingerprint) in staticFiles { CacheFile.appendStatic(path, fingerprint, to: &bytes) }
        if let output { CacheFile.appendOutput(output, to: &bytes) }
        file.append(bytes)
        file.finish()
    }
}
