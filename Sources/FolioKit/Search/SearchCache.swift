import Foundation

/// The search entries of the last successful build, per page, and a hash of each index file it wrote:
/// a side file beside the build cache (`.folio-cache/search-….txt`), so that pages the build reuses
/// are not read again and index files that did not change are not written again.
struct SearchCache: Sendable {
    static let format = "folio-search-cache-4"

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

    // MARK: The file: a line per index file and per page, each page's line followed by its terms' bytes.

    func encoded() -> [UInt8] {
        var bytes: [UInt8] = []
        encode { bytes += $0 }
        return bytes
    }

    /// The file in pieces, in order (written as they come, so the whole file is never in memory twice), each page's
    /// line made field by field into one buffer (no String per line: a site has a line per page).
    func encode(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var bytes = Self.header(siteKey: siteKey)
        Self.appendFileLines(files, to: &bytes)
        for (path, page) in pages.sorted(by: { $0.key < $1.key }) {
            Self.appendPage(page, path: path, to: &bytes)
            if bytes.count >= 1 << 16 {
                bytes.withUnsafeBufferPointer(emit)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes.withUnsafeBufferPointer(emit)
    }

    /// The file's first line.
    static func header(siteKey: String) -> [UInt8] { Array((format + " " + siteKey + "\n").utf8) }

    /// A line per index file (the lines of a file may come in any order after the header).
    static func appendFileLines(_ files: [String: (hash: UInt64, file: FileFingerprint)], to bytes: inout [UInt8]) {
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            bytes += "F \(file.hash) \(file.file.size) \(file.file.seconds) \(file.file.nanoseconds) \(path)\n".utf8
        }
    }

    /// A page's line, then its terms' bytes (nothing for a path holding a line feed: such a page is not cached).
    static func appendPage(_ page: Page, path: String, to bytes: inout [UInt8]) {
        guard !path.utf8.contains(0x0a) else { return }
        let print = page.fingerprint
        func field(_ number: Int) {
            bytes.appendDecimal(number)
            bytes.append(0x20)
        }
        bytes += "P ".utf8
        field(Int(print.size))
        field(Int(print.seconds))
        field(Int(print.nanoseconds))
        field(page.number)
        field(page.search.records)
        field(page.search.terms.count)
        bytes += path.utf8
        bytes.append(0x0a)
        bytes += page.search.terms
    }

    static func decode(_ data: [UInt8]) -> SearchCache? {
        decode(BlockReader(bytes: data), checked: false)
    }

    /// The cache in `file`, read a line and a page's terms at a time; `checked`: the file must end in the
    /// `CacheChecksum` line of the bytes before it (a file on disk; `encode` writes none).
    static func decode(_ file: BlockReader, checked: Bool) -> SearchCache? {
        var checksum = CacheChecksum()
        // A page's line is read from its bytes where they lie (a site has one a page); the other lines as text.
        func nextLine() -> Line? {
            file.withLine { bytes in
                if checked {
                    checksum.add(bytes)
                    withUnsafeBytes(of: UInt8(0x0a)) { checksum.add($0) }
                }
                guard bytes.starts(with: "P ".utf8) else { return .text(String(decoding: bytes, as: UTF8.self)) }
                return PageLine(bytes).map(Line.page) ?? .invalid
            }
        }
        guard case .text(let header) = nextLine(), header.hasPrefix(format + " ") else { return nil }
        var cache = SearchCache(siteKey: String(header.dropFirst(format.count + 1)))
        while true {
            let sum = checksum
            guard let next = nextLine() else { break }
            switch next {
            case .page(let line):
                guard let terms = file.bytes(line.count) else { return nil }
                if checked { terms.withUnsafeBytes { checksum.add($0) } }
                cache.pages[line.path] = Page(
                    fingerprint: line.fingerprint, number: line.number,
                    search: SearchPage(records: line.records, terms: terms))
            case .text(let line) where checked && line.utf8.starts(with: CacheChecksum.prefix):
                // The last line: of every byte before it.
                return Array((line + "\n").utf8) == sum.line && file.isAtEnd && !file.failed ? cache : nil
            case .text(let line) where line.hasPrefix("F "):
                let fields = line.split(separator: " ", maxSplits: 5)
                guard fields.count == 6, let hash = UInt64(fields[1]), let size = Int64(fields[2]),
                    let seconds = Int64(fields[3]),
                    let nanoseconds = Int64(fields[4])
                else { return nil }
                cache.files[String(fields[5])] = (
                    hash, FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds)
                )
            case .text, .invalid:
                return nil
            }
        }
        return !checked && file.isAtEnd && !file.failed ? cache : nil
    }

    private enum Line {
        case page(PageLine)
        case text(String)
        case invalid
    }

    /// `P <size> <seconds> <nanoseconds> <number> <records> <bytes of terms> <path>`, read from its bytes.
    private struct PageLine {
        var fingerprint: FileFingerprint
        var number: Int
        var records: Int
        var count: Int
        var path: String

        init?(_ line: UnsafeBufferPointer<UInt8>) {
            var index = 2
            func field() -> Int64? {
                guard let space = line[index...].firstIndex(of: 0x20) else { return nil }
                defer { index = space + 1 }
                return TabSeparatedLines.integer(UnsafeBufferPointer(rebasing: line[index..<space]))
            }
            guard let size = field(), let seconds = field(), let nanoseconds = field(), let number = field(),
                let records = field(), let count = field(), count >= 0, index < line.count
            else { return nil }
            fingerprint = FileFingerprint(size: size, seconds: seconds, nanoseconds: nanoseconds)
            (self.number, self.records, self.count) = (Int(number), Int(records), Int(count))
            path = String(decoding: UnsafeBufferPointer(rebasing: line[index...]), as: UTF8.self)
        }
    }

    // MARK: Disk, and memory for a long-running process

    /// The cache at `path`: in a long-running process (`session`), the last build's, kept in memory.
    static func load(from path: String, session: BuildSession? = nil) -> SearchCache? {
        if let cache = session?.searchCache(at: path) { return cache }
        return BlockReader(path: path).flatMap { decode($0, checked: true) }
    }

    /// Saved to `path`; in a long-running process (`session`) kept in memory, the file written once the rebuilds
    /// pause (a stale or missing file only costs the next process a re-read).
    func save(to path: String, session: BuildSession?) {
        let write: @Sendable () -> Void = { [self] in
            CacheFolder.write(to: path) { emit in encode { emit(UnsafeRawBufferPointer($0)) } }
        }
        guard let session else { return write() }
        session.keep(searchCache: self, at: path)
        session.writes.write(at: path, write)
    }
}
