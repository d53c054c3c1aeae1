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
    /// How many pages were added without their worker's counts (made again at the index's end).
    private var uncounted = 0
    /// The terms' postings counted by the workers that made them, merged run by run in page order as the runs finish
    /// (`addCounts`): one table of the site's terms, not one a run held to the index's end (46 MB for 100,000 pages).
    private var counts = SearchTermCounts()
    private let countsLock = NSLock()
    /// Runs that finished before a run before them, by their first page.
    private var runsWaiting: [Int: (run: Range<Int>, parts: [SearchTermCounts.Part])] = [:]
    /// The pages whose counts are merged: every page before this one.
    private var countedUpTo = 0
    /// The first run at or after the middle, once the merge has reached it: where the index's end cuts the pages in
    /// two (`half`).
    private var secondHalf: Int?
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

    /// A worker's counts of the terms of its run of pages, once the run is done (no part when its pages hold no term).
    func addCounts(_ parts: [SearchTermCounts.Part], run: Range<Int>) {
        countsLock.lock()
        defer { countsLock.unlock() }
        runsWaiting[run.lowerBound] = (run, parts)
        while let next = runsWaiting.removeValue(forKey: countedUpTo), !next.run.isEmpty {
            if secondHalf == nil, next.run.lowerBound >= pageCount / 2 { secondHalf = next.run.lowerBound }
            for part in next.parts { counts.add(part, firstHalf: secondHalf == nil) }
            countedUpTo = next.run.upperBound
        }
    }

    /// Where the index's end cuts the pages in two: at the start of the first run at or after the middle, so that
    /// each run's counts fall on one side (after the last page when no run starts there; the middle when the runs'
    /// counts are not all in).
    var half: Int {
        countsLock.lock()
        defer { countsLock.unlock() }
        return secondHalf ?? (countedUpTo == pageCount ? pageCount : pageCount / 2)
    }

    /// Every page's terms counted, from the workers' counts: nil unless every page was added with its worker's counts
    /// and the runs cover every page (the index's end then counts them from the file). Taken: the stream lets go.
    func takeCounts() -> SearchTermCounts? {
        lock.lock()
        let complete = uncounted == 0 && written.count == pageCount
        let records = written.reduce(0) { $0 + $1.records }
        lock.unlock()
        countsLock.lock()
        defer { countsLock.unlock() }
        guard complete, countedUpTo == pageCount else { return nil }
        var taken = counts
        counts = SearchTermCounts()
        taken.recordCount = records
        return taken
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
