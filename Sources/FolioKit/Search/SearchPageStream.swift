import Foundation

/// The search terms of a `folio build` that renders every page, written out as its pages render instead of kept: the
/// search cache's page lines (`SearchCache`), in page order, into a temporary file beside the cache. The index's end
/// reads them back, a batch of shards at a time, and the file becomes the search cache once the output is
/// published. The build's memory then holds no page's terms (15 MB for 10,000 pages) but those of the pages that
/// finish before a page before them (a worker's run of pages at most).
final class SearchPageStream: SearchPages, @unchecked Sendable {
    /// The search cache the file becomes.
    let path: String
    let pageCount: Int
    private let temporary: String
    private var file: UnsafeMutablePointer<FILE>?
    private let lock = NSLock()
    /// Pages that finished before a page before them, by number: their lines, and their terms' size and records.
    private var waiting: [Int: (line: [UInt8], terms: Int, records: Int)] = [:]
    /// Per page written, in order: where its terms start in the file, their size and the page's records.
    private var written: [(offset: Int, size: Int, records: Int)] = []
    private var end = 0
    /// The terms' postings counted by the workers that made them, by run of pages (`SearchTermCounts.Part`), and
    /// how many pages were added without (made again at the index's end).
    private var parts: [SearchTermCounts.Part] = []
    private var uncounted = 0
    /// `half`, once `takeCounts` has let the parts go.
    private var takenHalf: Int?
    /// Of every byte written but the last line, which holds it.
    private var checksum = CacheChecksum()
    /// Why the file could not be written or read back: the index is then incomplete, and the build fails.
    private(set) var failure: String?

    /// nil when the temporary file cannot be made (the build keeps the pages' terms in memory instead).
    init?(cache path: String, siteKey: String, pageCount: Int) {
        self.path = path
        self.pageCount = pageCount
        guard let (temporary, file) = CacheFolder.openTemporary(for: path, mode: "w+b") else { return nil }
        self.temporary = temporary
        self.file = file
        written.reserveCapacity(pageCount)
        write(SearchCache.header(siteKey: siteKey))
    }

    deinit {
        if let file {
            fclose(file)
            unlink(temporary)
        }
    }

    /// Page number `number`'s terms, from the worker that rendered it; `counted`: its terms are counted in the
    /// parts its worker adds (`addCounts`).
    func add(
        _ page: SearchPage, number: Int, sourcePath: String, fingerprint: FileFingerprint, counted: Bool = false
    ) {
        // A path holding a line feed cannot be a line's last field: such a page is written under a path no file has.
        let cached = sourcePath.utf8.contains(0x0a) ? "\u{0}" : sourcePath
        var line: [UInt8] = []
        line.reserveCapacity(page.terms.count + cached.utf8.count + 64)
        SearchCache.appendPage(
            SearchCache.Page(fingerprint: fingerprint, number: number, search: page), path: cached, to: &line)
        lock.lock()
        defer { lock.unlock() }
        if !counted { uncounted += 1 }
        waiting[number] = (line, page.terms.count, page.records)
        while let next = waiting.removeValue(forKey: written.count) {
            write(next.line)
            written.append((end - next.terms, next.terms, next.records))
        }
    }

    /// A worker's counts of the terms of the pages it added, once its run of pages is done.
    func addCounts(_ parts: [SearchTermCounts.Part]) {
        lock.withLock { self.parts += parts }
    }

    /// Where the index's end cuts the pages in two: between two workers' runs, so that each run's counts fall on one
    /// side (the middle when there are none).
    var half: Int {
        if let takenHalf = lock.withLock({ takenHalf }) { return takenHalf }
        let middle = pageCount / 2
        let starts = lock.withLock { parts.map(\.pages.lowerBound) }
        return starts.min { (abs($0 - middle), $0) < (abs($1 - middle), $1) } ?? middle
    }

    /// Every page's terms counted, from the workers' counts: nil unless every page was added with its worker's counts
    /// and the parts cover every page (the index's end then counts them from the file). The parts are then let go:
    /// their term tables, 46 MB for 100,000 pages, were held through the whole of the index's end.
    func takeCounts() -> SearchTermCounts? {
        let half = half
        lock.lock()
        defer { lock.unlock() }
        let covered = Set(parts.map(\.pages)).reduce(0) { $0 + $1.count }
        guard uncounted == 0, written.count == pageCount, covered == pageCount else { return nil }
        let counts = SearchTermCounts(parts: parts, half: half, recordCount: written.reduce(0) { $0 + $1.records })
        parts = []
        takenHalf = half
        return counts
    }

    /// The pages no worker added (a page whose output could not be written).
    var missing: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return (written.count..<pageCount).filter { waiting[$0] == nil }
    }

    /// Pages `numbers`' terms, read back in order (once every page is added); stops early on a failure to read.
    /// Two threads may read at once: each reads the file through its own window, half a megabyte at a time (a page's
    /// terms larger than that, alone).
    func forEachPage(in numbers: Range<Int>, _ body: (_ number: Int, _ page: SearchPage) -> Void) {
        guard let (descriptor, written, end) = readable() else { return }
        var window: [UInt8] = []
        var start = 0
        for number in numbers {
            let page = written[number]
            if page.offset < start || page.offset + page.size > start + window.count {
                start = page.offset
                window = [UInt8](repeating: 0, count: min(max(1 << 19, page.size), end - start))
                let read = window.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
                guard read == window.count else {
                    lock.lock()
                    defer { lock.unlock() }
                    return fail("cannot read back")
                }
            }
            let terms = Array(window[(page.offset - start)..<(page.offset - start + page.size)])
            body(number, SearchPage(records: page.records, terms: terms))
        }
    }

    /// The file to read the pages back from, where each page lies in it and where it ends; nil (and why) when it is
    /// incomplete.
    private func readable() -> (Int32, [(offset: Int, size: Int, records: Int)], Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard let file, failure == nil, written.count == pageCount else {
            if failure == nil { failure = "some pages' search terms are missing" }
            return nil
        }
        guard fflush(file) == 0 else {
            fail("cannot write")
            return nil
        }
        return (fileno(file), written, end)
    }

    /// The index files' lines added: the file replaces the search cache (false, and no cache, when it cannot).
    @discardableResult
    func finish(files: [String: (hash: UInt64, file: FileFingerprint)]) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        var lines: [UInt8] = []
        SearchCache.appendFileLines(files, to: &lines)
        write(lines)
        write(checksum.line, counted: false)
        guard let open = file else { return false }
        file = nil
        if fclose(open) == 0, failure == nil, rename(temporary, path) == 0 { return true }
        let reason = errno
        unlink(temporary)
        CacheFolder.failed(path, reason: reason)
        return false
    }

    /// `counted`: part of what the file's checksum line covers (all but that line).
    private func write(_ bytes: [UInt8], counted: Bool = true) {
        guard let file, failure == nil else { return }
        if counted { bytes.withUnsafeBytes { checksum.add($0) } }
        if !bytes.isEmpty, fwrite(bytes, 1, bytes.count, file) != bytes.count { return fail("cannot write") }
        end += bytes.count
    }

    private func fail(_ what: String) {
        failure = "\(what) \(temporary): \(String(cString: strerror(errno)))"
    }
}
