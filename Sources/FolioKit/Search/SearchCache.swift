import Foundation

/// The search entries of the last successful build, per page, and a hash of each index file it wrote:
/// a side file beside the build cache (`.folio-cache/search-….txt`), so that pages the build reuses
/// are not read again and index files that did not change are not written again.
struct SearchCache: Sendable {
    static let format = "folio-search-cache-1"

    struct Page: Sendable {
        var fingerprint: FileFingerprint
        var entries: [SearchEntry]
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

    func encoded() -> String {
        var text = Self.format + " " + siteKey + "\n"
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            text += "F \(file.hash) \(file.file.size) \(file.file.seconds) \(file.file.nanoseconds) \(path)\n"
        }
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) where !path.contains("\n") {
            let print = page.fingerprint
            text += "P \(print.size) \(print.seconds) \(print.nanoseconds) \(page.entries.count) \(path)\n"
            for entry in page.entries {
                text += entry.json + "\n"
                var first = true
                for term in entry.terms {
                    text += (first ? "" : " ") + term.term + " " + String(term.weight)
                    first = false
                }
                text += "\n"
            }
        }
        return text
    }

    static func decode(_ text: String) -> SearchCache? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)[...]
        guard let header = lines.popFirst(), header.hasPrefix(format + " ") else { return nil }
        var cache = SearchCache(siteKey: String(header.dropFirst(format.count + 1)))
        while let line = lines.popFirst(), !line.isEmpty {
            if line.hasPrefix("F ") {
                let fields = line.split(separator: " ", maxSplits: 5)
                guard fields.count == 6, let hash = UInt64(fields[1]), let size = Int64(fields[2]), let seconds = Int64(fields[3]),
                    let nanoseconds = Int64(fields[4])
                else { return nil }
                cache.files[String(fields[5])] = (hash, FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds))
                continue
            }
            let parts = line.split(separator: " ", maxSplits: 5)
            guard parts.count == 6, parts[0] == "P", let size = Int64(parts[1]), let seconds = Int64(parts[2]),
                let nanoseconds = Int64(parts[3]), let count = Int(parts[4]), lines.count >= count * 2
            else { return nil }
            var entries: [SearchEntry] = []
            entries.reserveCapacity(count)
            for _ in 0..<count {
                let json = String(lines.popFirst()!)
                let words = lines.popFirst()!.split(separator: " ")
                var terms: [SearchRecord.Term] = []
                terms.reserveCapacity(words.count / 2)
                var index = 0
                while index + 1 < words.count {
                    terms.append(.init(term: String(words[index]), weight: Int(words[index + 1]) ?? 1))
                    index += 2
                }
                entries.append(SearchEntry(json: json, terms: terms))
            }
            cache.pages[String(parts[5])] = Page(
                fingerprint: FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds), entries: entries)
        }
        return cache
    }

    // MARK: Disk, and memory for a long-running process

    private static let memory = SearchCacheMemory()

    static func load(from path: String, inMemory: Bool) -> SearchCache? {
        if inMemory, let cache = memory.get(path) { return cache }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return decode(String(decoding: data, as: UTF8.self))
    }

    private static let writer = DispatchQueue(label: "folio: search cache writer")

    /// In memory, the file is written in the background (a stale or missing file only costs the next process a re-read).
    func save(to path: String, inMemory: Bool) {
        let write: @Sendable () -> Void = { [self] in
            let url = URL(fileURLWithPath: path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(encoded().utf8).write(to: url, options: .atomic)
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
