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
    /// Every token of the page is looked up once, in one term table for the whole page, and counted against its
    /// record there: no table, String or array per record or term. The same bytes as `make(_ records:)` (tested);
    /// a page with more records than `recordLimit` takes that path, which merges the last ones.
    /// `workspace` is the worker's, reused from page to page (one made for the call by default).
    static func make(
        _ model: TableModel, settings: PageSettings, in workspace: Workspace = Workspace()
    ) -> (page: SearchPage, file: [UInt8]) {
        let sources = SearchRecords.sources(model, settings: settings)
        guard sources.count <= recordLimit else { return make(SearchRecords.of(model, settings: settings)) }
        var file = Array("folioSearch.r([".utf8)
        file.reserveCapacity(sources.reduce(64) { $0 + $1.textSize + 128 })
        // The workspace's memory, moved into locals for the page (the closure below must not touch a class).
        var table = workspace.table
        var occurrences = workspace.occurrences
        var counts = workspace.counts
        workspace.table = SearchTermTable(capacity: 0)
        workspace.occurrences = []
        table.removeAll(keepingCapacityUpTo: 8192)
        occurrences.removeAll(keepingCapacity: true)
        defer {
            workspace.table = table
            workspace.occurrences = occurrences
            workspace.counts = counts
        }
        var known = 0
        for (index, source) in sources.enumerated() {
            if index > 0 { file.append(0x2c) }
            appendRecord(
                url: model.url, pageTitle: settings.title, anchor: source.anchor, titles: source.titles,
                place: source.place, to: &file, text: source.appendKeptText)
            let first = occurrences.count
            let record = Int32(index)
            SearchRecords.forEachToken(of: source, pageTitle: settings.title) { word, hash, kind in
                let slot = table.slot(word, hash: hash)
                if slot == known {
                    if known == counts.count {
                        let larger = UnsafeMutableBufferPointer<Count>.allocate(capacity: known * 2)
                        _ = larger.moveInitialize(fromContentsOf: counts)
                        counts.deallocate()
                        counts = larger
                    }
                    counts.initializeElement(at: slot, to: Count())
                    known += 1
                }
                if counts[slot].record != record {
                    counts[slot] = Count(record: record)
                    occurrences.append(Occurrence(slot: Int32(slot), record: UInt8(index), weight: 0))
                }
                if kind == 0 { counts[slot].body &+= 1 } else { counts[slot].seen |= 1 << kind }
            }
            for position in first..<occurrences.count {
                let count = counts[Int(occurrences[position].slot)]
                occurrences[position].weight = UInt8(
                    SearchRecords.weight(body: Int(count.body), seen: count.seen, intro: source.anchor.isEmpty))
            }
        }
        file += "]);\n".utf8
        return (SearchPage(records: sources.count, terms: grouped(occurrences, table: table)), file)
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
                        slot: Int32(slot), record: UInt8(index), weight: UInt8(min(term.weight, SearchWeight.maximum))))
            }
        }
        file += "]);\n".utf8
        return (SearchPage(records: records.count, terms: grouped(occurrences, table: table)), file)
    }

    /// What `make` needs for a page besides its output: the page's term table, each term's tally and the
    /// occurrences. A render worker keeps one for all its pages, so these are grown once, to the largest page's
    /// size, rather than allocated, grown and rehashed for every page. Used by one thread at a time.
    final class Workspace {
        fileprivate var table = SearchTermTable(capacity: 256)
        fileprivate var occurrences: [Occurrence] = []
        /// Per slot: the record it was last counted in, its count in that record's body and the titles it was seen
        /// in. Memory of its own, grown by doubling: an array would be checked for sharing at every word.
        fileprivate var counts = UnsafeMutableBufferPointer<Count>.allocate(capacity: 256)

        init() { occurrences.reserveCapacity(1024) }

        deinit { counts.deallocate() }
    }

    /// A term of the page in the record it was last seen in (`make`'s tally).
    fileprivate struct Count {
        var record: Int32 = -1
        var body: Int32 = 0
        var seen: UInt8 = 0
    }

    /// A term of the page (its slot) in one record, with its weight there.
    fileprivate struct Occurrence {
        var slot: Int32
        var record: UInt8
        var weight: UInt8
    }

    /// One record of a record file: `["url","page title","anchor",["title",…],"place","text"]`.
    /// `text` writes the last field.
    private static func appendRecord(
        url: String, pageTitle: String, anchor: String, titles: [String], place: String,
        to file: inout [UInt8], text: (inout [UInt8]) -> Void
    ) {
        file.append(0x5b)
        file.append(0x22)
        SearchIndex.appendEscaped(String(url.utf8.dropFirst())!, to: &file)
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
    private static func grouped(_ occurrences: [Occurrence], table: SearchTermTable) -> [UInt8] {
        let slots = table.count
        var records = [Int32](repeating: 0, count: slots)
        for occurrence in occurrences { records[Int(occurrence.slot)] += 1 }
        // Where each term's next (record, weight) pair goes.
        var next = [Int](repeating: 0, count: slots)
        var size = 0
        for slot in 0..<slots {
            let length = table.range(slot).count
            size += numberSize(length) + length + numberSize(Int(records[slot]))
            next[slot] = size
            size += 2 * Int(records[slot])
        }
        return [UInt8](unsafeUninitializedCapacity: size) { terms, initialized in
            table.bytes.withUnsafeBufferPointer { words in
                var at = 0
                for slot in 0..<slots {
                    let word = table.range(slot)
                    at = writeNumber(word.count, to: terms, at: at)
                    _ = UnsafeMutableBufferPointer(rebasing: terms[at..<at + word.count]).initialize(
                        from: words[word])
                    at = writeNumber(Int(records[slot]), to: terms, at: at + word.count)
                    at += 2 * Int(records[slot])
                }
            }
            next.withUnsafeMutableBufferPointer { next in
                for occurrence in occurrences {
                    let at = next[Int(occurrence.slot)]
                    terms[at] = occurrence.record
                    terms[at + 1] = occurrence.weight
                    next[Int(occurrence.slot)] = at + 2
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
