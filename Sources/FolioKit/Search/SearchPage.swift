/// A site's pages' search terms, by number, as the index is made from them: kept in memory, or written out as the
/// pages rendered (`SearchPageStream`). The index's end reads them in two halves at once, one a core.
protocol SearchPages {
    var pageCount: Int { get }
    /// Pages `numbers`' terms, in order; safe to call from two threads at once.
    func forEachPage(in numbers: Range<Int>, _ body: (_ number: Int, _ page: SearchPage) -> Void)
    /// The first page of the second half, where the index's end cuts the pages in two.
    var half: Int { get }
}

extension SearchPages {
    /// Every page's terms, in order.
    func forEachPage(_ body: (_ number: Int, _ page: SearchPage) -> Void) { forEachPage(in: 0..<pageCount, body) }

    var half: Int { pageCount / 2 }
}

extension Array: SearchPages where Element == SearchPage {
    var pageCount: Int { count }

    func forEachPage(in numbers: Range<Int>, _ body: (_ number: Int, _ page: SearchPage) -> Void) {
        for number in numbers { body(number, self[number]) }
    }
}

/// A page's part of the search index, made by the worker that renders the page: its records as the file
/// `search/r/<page>.js` (written at once, not kept), and their weighted terms — each term of the page once, with
/// the records holding it and its weight in each, as bytes — which is all the build keeps, and caches, per page.
struct SearchPage: Sendable, Equatable {
    /// Record ids are `page << 8 | record`, so a page indexes at most this many records (later ones are merged into the last).
    static let recordLimit = 256

    var records: Int
    var terms: [UInt8]

    /// The page's terms and the contents of its record file.
    ///
    /// Every token of the page is looked up once, in the worker's term table, and counted against its record there:
    /// no table, String or array per record or term. The same bytes as `make(_ records:)` (tested); a page with
    /// more records than `recordLimit` takes that path, which merges the last ones. `workspace` is the worker's,
    /// reused from page to page (one made for the call by default).
    static func make(
        _ model: TableModel, settings: PageSettings, in workspace: Workspace = Workspace()
    ) -> (page: SearchPage, file: [UInt8]) {
        let sources = SearchRecords.sources(model, settings: settings)
        guard sources.count <= recordLimit else {
            let made = make(SearchRecords.of(model, settings: settings))
            workspace.count(made.page)
            return made
        }
        var file = Array("folioSearch.r([".utf8)
        file.reserveCapacity(sources.reduce(64) { $0 + $1.textSize + 128 })
        workspace.startPage()
        // The workspace's memory, moved into locals for the page (the closure below must not touch a class).
        var table = workspace.table
        var tallies = workspace.tallies
        var postings = workspace.postings
        var pageTerms = workspace.pageTerms
        var occurrences = workspace.occurrences
        workspace.table = SearchTermTable(capacity: 0)
        defer {
            workspace.table = table
            workspace.tallies = tallies
            workspace.postings = postings
            workspace.pageTerms = pageTerms
            workspace.occurrences = occurrences
        }
        let page = workspace.page
        for (index, source) in sources.enumerated() {
            if index > 0 { file.append(0x2c) }
            appendRecord(
                url: model.url, pageTitle: settings.title, anchor: source.anchor, titles: source.titles,
                place: source.place, to: &file, text: source.appendKeptText)
            let first = occurrences.count
            let record = UInt8(index)
            SearchRecords.forEachToken(of: source, pageTitle: settings.title) { word, hash, key, kind in
                let slot = table.slot(word, hash: hash, key: key)
                if slot == tallies.count {
                    tallies.append(Tally())
                    postings.append(0)
                }
                let tally = tallies.pointer + slot
                if tally.pointee.page != page {
                    // First seen on this page: one of the page's terms, counted in this record from here on.
                    tally.pointee = Tally(page: page, term: Int32(pageTerms.count), record: record)
                    occurrences.append(Occurrence(slot: Int32(slot), term: Int32(pageTerms.count), record: record))
                    pageTerms.append(Int32(slot))
                } else if tally.pointee.record != record {
                    tally.pointee.record = record
                    tally.pointee.body = 0
                    tally.pointee.seen = 0
                    occurrences.append(Occurrence(slot: Int32(slot), term: tally.pointee.term, record: record))
                }
                if kind == 0 { tally.pointee.countInBody() } else { tally.pointee.seen |= 1 << kind }
            }
            for position in first..<occurrences.count {
                let slot = Int(occurrences.pointer[position].slot)
                postings.pointer[slot] &+= 1
                let tally = tallies.pointer[slot]
                occurrences.pointer[position].weight = UInt8(
                    SearchRecords.weight(body: Int(tally.body), seen: tally.seen, intro: source.anchor.isEmpty))
            }
        }
        file += "]);\n".utf8
        let terms = grouped(occurrences.buffer, terms: pageTerms.buffer, table: table)
        return (SearchPage(records: sources.count, terms: terms), file)
    }

    static func make(_ all: [SearchRecord]) -> (page: SearchPage, file: [UInt8]) {
        var records = Array(all.prefix(recordLimit))
        if all.count > recordLimit {
            var merged: [String: Int] = [:]
            for record in all[(recordLimit - 1)...] {
                for term in record.terms {
                    merged[term.term] = min(SearchWeight.maximum, merged[term.term, default: 0] + term.weight)
                }
            }
            records[recordLimit - 1].terms = merged.map { .init(term: $0.key, weight: $0.value) }.sorted {
                $0.term < $1.term
            }
        }
        var file = Array("folioSearch.r([".utf8)
        file.reserveCapacity(records.reduce(64) { $0 + $1.text.utf8.count + 128 })
        var table = SearchTermTable(capacity: 256)
        var occurrences: [Occurrence] = []
        for (index, record) in records.enumerated() {
            if index > 0 { file.append(0x2c) }
            appendRecord(
                url: record.url, pageTitle: record.pageTitle, anchor: record.anchor, titles: record.titles,
                place: record.place, to: &file
            ) { SearchIndex.appendLiteral(record.text, to: &$0) }
            for term in record.terms {
                var word = term.term
                let slot = word.withUTF8 { table.slot($0) }
                occurrences.append(
                    Occurrence(
                        slot: Int32(slot), term: Int32(slot), record: UInt8(index),
                        weight: UInt8(min(term.weight, SearchWeight.maximum))))
            }
        }
        file += "]);\n".utf8
        let terms = occurrences.withUnsafeBufferPointer { occurrences in
            Array(0..<Int32(table.count)).withUnsafeBufferPointer { grouped(occurrences, terms: $0, table: table) }
        }
        return (SearchPage(records: records.count, terms: terms), file)
    }

    /// What `make` needs besides its output, kept by a render worker for all its pages: its term table (every term
    /// of the worker's pages so far, so a page's words are mostly found, not added), a tally per term, the count of
    /// each term's postings, and the page's terms and occurrences. Used by one thread at a time.
    final class Workspace {
        /// Made by the first page (a build with `search: false` makes workspaces it never uses).
        fileprivate var table = SearchTermTable(capacity: 0)
        fileprivate var tallies = RawList<Tally>()
        /// Per slot of `table`: the records of the worker's pages that hold the term (its postings in the index).
        fileprivate var postings = RawList<Int32>()
        /// The terms and postings counts of the tables the worker let go of (over `termLimit`).
        private var counted: [(terms: SearchTermTable, counts: [Int32])] = []
        /// The page's terms (their slots in `table`) in the order they are first seen.
        fileprivate var pageTerms = RawList<Int32>()
        fileprivate var occurrences = RawList<Occurrence>()
        /// Which page the tallies are for: a term's tally from an earlier page is stale.
        fileprivate private(set) var page: UInt32 = 0

        /// The worker's terms are forgotten when there are more than this, so that a site of many distinct words
        /// (generated identifiers, hashes) costs a worker at most about 12 MB.
        let termLimit: Int

        convenience init() { self.init(termLimit: 1 << 18) }

        init(termLimit: Int) { self.termLimit = termLimit }

        deinit {
            tallies.deallocate()
            postings.deallocate()
            pageTerms.deallocate()
            occurrences.deallocate()
        }

        fileprivate func startPage() {
            page += 1
            pageTerms.removeAll()
            occurrences.removeAll()
            if page == 1 || table.count > termLimit {
                if table.count > 0 { counted.append((table, Array(postings.buffer))) }
                table = SearchTermTable(capacity: 1024)
                tallies.removeAll()
                postings.removeAll()
            }
        }

        /// Counts the terms of a page made without the workspace (one of more than `recordLimit` records).
        fileprivate func count(_ made: SearchPage) {
            startPage()
            made.eachTerm { word, pairs in
                let slot = table.slot(word)
                if slot == tallies.count {
                    tallies.append(Tally())
                    postings.append(0)
                }
                postings.pointer[slot] &+= Int32(pairs.count / 2)
            }
        }

        /// The terms of the pages made so far and their postings counts, taken (the workspace starts counting
        /// again): `pages`, the worker's run of pages, which made every one of them.
        func takeCounts(pages: Range<Int>) -> [SearchTermCounts.Part] {
            var parts = counted.map { SearchTermCounts.Part(pages: pages, terms: $0.terms, counts: $0.counts) }
            if table.count > 0 {
                parts.append(.init(pages: pages, terms: table, counts: Array(postings.buffer)))
                table = SearchTermTable(capacity: 1024)
                tallies.removeAll()
                postings.removeAll()
            }
            counted = []
            return parts
        }
    }

    /// A term's tally: on which page it was last seen and its place among that page's terms, then the record it
    /// was last counted in, its count in that record's body and the titles it was seen in there. Twelve bytes, so
    /// that the tallies of a worker's terms take little of the core's cache.
    fileprivate struct Tally {
        var page: UInt32 = 0
        var term: Int32 = 0
        var record: UInt8 = 0
        /// Stops at 255 (a term's weight stops growing with its count long before).
        var body: UInt8 = 0
        var seen: UInt8 = 0

        mutating func countInBody() { body &+= body == .max ? 0 : 1 }
    }

    /// A list in memory of its own, grown by doubling: an array would be checked for sharing at every word.
    fileprivate struct RawList<Element: BitwiseCopyable> {
        private(set) var pointer = UnsafeMutablePointer<Element>.allocate(capacity: 0)
        private var capacity = 0
        private(set) var count = 0

        var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: pointer, count: count) }

        @inline(__always)
        mutating func append(_ element: Element) {
            if count == capacity { grow() }
            (pointer + count).initialize(to: element)
            count &+= 1
        }

        @inline(never)
        private mutating func grow() {
            capacity = max(1024, capacity * 2)
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            larger.moveInitialize(from: pointer, count: count)
            pointer.deallocate()
            pointer = larger
        }

        mutating func removeAll() { count = 0 }

        func deallocate() { pointer.deallocate() }
    }

    /// A term of the page in one record, with its weight there: `slot` in the table it was counted in, `term` its
    /// place among the page's terms.
    fileprivate struct Occurrence {
        var slot: Int32
        var term: Int32
        var record: UInt8
        var weight: UInt8 = 0
    }

    /// One record of a record file: `["url","page title","anchor",["title",…],"place","text"]`.
    /// `text` writes the last field.
    private static func appendRecord(
        url: String, pageTitle: String, anchor: String, titles: [String], place: String,
        to file: inout [UInt8], text: (inout [UInt8]) -> Void
    ) {
        file.append(0x5b)
        file.append(0x22)
        SearchIndex.appendEscaped(String(SitePath.encoded(url).utf8.dropFirst())!, to: &file)
        file.append(0x22)
        file.append(0x2c)
        SearchIndex.appendLiteral(pageTitle, to: &file)
        file.append(0x2c)
        SearchIndex.appendLiteral(anchor, to: &file)
        file += ",[".utf8
        for (position, title) in titles.enumerated() {
            if position > 0 { file.append(0x2c) }
            SearchIndex.appendLiteral(title, to: &file)
        }
        file += "],".utf8
        SearchIndex.appendLiteral(place, to: &file)
        file.append(0x2c)
        text(&file)
        file.append(0x5d)
    }

    /// The page's terms (each once, with the records that hold it: a page indexes a few words many times): every
    /// occurrence, noted in record order, placed straight into its term's part of the bytes (a counting sort).
    private static func grouped(
        _ occurrences: UnsafeBufferPointer<Occurrence>, terms pageTerms: UnsafeBufferPointer<Int32>,
        table: SearchTermTable
    )
        -> [UInt8]
    {
        let count = pageTerms.count
        var records = [Int32](repeating: 0, count: count)
        for occurrence in occurrences { records[Int(occurrence.term)] += 1 }
        // Where each term's next (record, weight) pair goes.
        var next = [Int](repeating: 0, count: count)
        var size = 0
        for term in 0..<count {
            let length = table.range(Int(pageTerms[term])).count
            size += numberSize(length) + length + numberSize(Int(records[term]))
            next[term] = size
            size += 2 * Int(records[term])
        }
        return [UInt8](unsafeUninitializedCapacity: size) { terms, initialized in
            table.bytes.withUnsafeBufferPointer { words in
                var at = 0
                for term in 0..<count {
                    let word = table.range(Int(pageTerms[term]))
                    at = writeNumber(word.count, to: terms, at: at)
                    _ = UnsafeMutableBufferPointer(rebasing: terms[at..<at + word.count]).initialize(
                        from: words[word])
                    at = writeNumber(Int(records[term]), to: terms, at: at + word.count)
                    at += 2 * Int(records[term])
                }
            }
            next.withUnsafeMutableBufferPointer { next in
                for occurrence in occurrences {
                    let at = next[Int(occurrence.term)]
                    terms[at] = occurrence.record
                    terms[at + 1] = occurrence.weight
                    next[Int(occurrence.term)] = at + 2
                }
            }
            initialized = size
        }
    }

    /// Calls `body` with each term of the page and its postings: (record, weight) byte pairs, records ascending.
    func eachTerm(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> Void) {
        terms.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let length = Self.readNumber(bytes, &index)
                let word = UnsafeBufferPointer(rebasing: bytes[index..<index + length])
                index += length
                let count = Self.readNumber(bytes, &index)
                body(word, UnsafeBufferPointer(rebasing: bytes[index..<index + 2 * count]))
                index += 2 * count
            }
        }
    }

    /// A number as LEB128: seven bits a byte, the high bit set on all but the last; returns where it ends.
    private static func writeNumber(_ value: Int, to bytes: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int {
        var rest = value
        var at = start
        while rest >= 0x80 {
            bytes[at] = UInt8(rest & 0x7f) | 0x80
            rest >>= 7
            at += 1
        }
        bytes[at] = UInt8(rest)
        return at + 1
    }

    private static func numberSize(_ value: Int) -> Int {
        var size = 1
        var rest = value
        while rest >= 0x80 {
            rest >>= 7
            size += 1
        }
        return size
    }

    private static func readNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Int {
        var value = 0
        var shift = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            value |= Int(byte & 0x7f) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
    }

    /// The record file of page number `index`.
    static func path(_ index: Int) -> OutputPath { OutputPath(SearchIndex.folder + "/r/\(index).js") }
}
