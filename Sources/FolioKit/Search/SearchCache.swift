import Foundation

/// The search entries of the last successful build, per page, and a hash of each index file it wrote:
/// a side file beside the build cache (`.folio-cache/search-….txt`), so that pages the build reuses
/// are not read again and index files that did not change are not written again.
struct SearchCache: Sendable {
    static let format = "folio-search-cache-2"

    struct Page: Sendable {
        var fingerprint: FileFingerprint
        /// The page's number in the site, which names its record file.
        var number: Int
        var search: SearchPage
    }

    var siteKey: String
    var pages: [String: Page] = [:]
    /// Index file path (below the output) → hash of its contents, and the file as published (to notice other writers).
    var files: [String: (hash: UInt64, file: FileFingerprint)] = [:]

    init(siteKey: String) { self.siteKey = siteKey }

    /// `.folio-cache/build-X.json` → `.folio-cache/search-X.txt`.
    static func location(buildCache: String) -> String {
        let url = URL(fileURLWithPath: buildCache)
        let name = url.deletingPathExtension().lastPathComponent.replacingOccurrences(of: "build-", with: "search-")
        return url.deletingLastPathComponent().path + "/" + name + ".txt"
    }

    // MARK: The file: one line per field, entries as their JSON (which has no raw newline) and a line of `term weight …`.

    func encoded() -> [UInt8] {
        var bytes = Array((Self.format + " " + siteKey + "\n").utf8)
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            bytes += "F \(file.hash) \(file.file.size) \(file.file.seconds) \(file.file.nanoseconds) \(path)\n".utf8
        }
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            let print = page.fingerprint
            bytes += "P \(print.size) \(print.seconds) \(print.nanoseconds) \(page.number) \(page.search.records) \(path)\n".utf8
            bytes += page.search.terms
        }
        return bytes
    }

    static func decode(_ data: [UInt8]) -> SearchCache? {
        var lines = data.split(separator: 0x0a, omittingEmptySubsequences: false)[...]
        func text(_ line: ArraySlice<UInt8>) -> String { String(decoding: line, as: UTF8.self) }
        guard let header = lines.popFirst().map(text), header.hasPrefix(format + " ") else { return nil }
        var cache = SearchCache(siteKey: String(header.dropFirst(format.count + 1)))
        while let raw = lines.popFirst(), !raw.isEmpty {
            let line = text(raw)
            if line.hasPrefix("F ") {
                let fields = line.split(separator: " ", maxSplits: 5)
                guard fields.count == 6, let hash = UInt64(fields[1]), let size = Int64(fields[2]), let seconds = Int64(fields[3]),
                    let nanoseconds = Int64(fields[4])
                else { return nil }
                cache.files[String(fields[5])] = (hash, FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds))
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 6)
            guard parts.count == 7, parts[0] == "P", let size = Int64(parts[1]), let seconds = Int64(parts[2]),
                let nanoseconds = Int64(parts[3]), let number = Int(parts[4]), let count = Int(parts[5]), lines.count >= count
            else { return nil }
            var terms: [UInt8] = []
            for _ in 0..<count {
                terms += lines.popFirst()!
                terms.append(0x0a)
            }
            cache.pages[String(parts[6])] = Page(
                fingerprint: FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds), number: number,
                search: SearchPage(records: count, terms: terms))
        }
        return cache
    }

    // MARK: Disk, and memory for a long-running process

    private static let memory = SearchCacheMemory()

    static func load(from path: String, inMemory: Bool) -> SearchCache? {
        if inMemory, let cache = memory.get(path) { return cache }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return decode([UInt8](data))
    }

    private static let writer = DispatchQueue(label: "folio: search cache writer")

    /// In memory, the file is written in the background (a stale or missing file only costs the next process a re-read).
    func save(to path: String, inMemory: Bool) {
        let write: @Sendable () -> Void = { [self] in
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(encoded()).write(to: url, options: .atomic)
        }
        if inMemory {
            Self.memory.set(self, at: path)
            Self.writer.async(execute: write)
        } else {
            write()
        }
    }
}

/// `folio serve`'s copy of the search cache between its builds (as `BuildSession` keeps the build cache).
private final class SearchCacheMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var caches: [String: SearchCache] = [:]

    func get(_ path: String) -> SearchCache? {
        lock.lock()
        defer { lock.unlock() }
        return caches[path]
    }

    func set(_ cache: SearchCache, at path: String) {
        lock.lock()
        caches = [path: cache]
        lock.unlock()
    }
}
