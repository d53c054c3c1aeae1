/// A page's part of the search index, made by the worker that renders the page: its records as the file
/// `search/r/<page>.js` (written at once, not kept), and their weighted terms — each term of the page once, with
/// the records holding it and its weight in each, as bytes — which is all the build keeps, and caches, per page.
struct SearchPage: Sendable, Equatable {
    /// Record ids are `page << 8 | record`, so a page indexes at most this many records (later ones are merged into the last).
    static let recordLimit = 256

    var records: Int
    var terms: [UInt8]

    /// The page's terms and the contents of its record file.
    static func make(_ model: TableModel, settings: PageSettings) -> (page: SearchPage, file: [UInt8]) {
        make(SearchRecords.of(model, settings: settings))
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
        // The page's terms, each once, with the records that hold it (a page indexes a few words many times):
        // every occurrence is noted in record order, then grouped by term (a counting sort, no array per term).
        var table = SearchTermTable(capacity: 256)
        var occurrences: [(slot: Int32, record: UInt8, weight: UInt8)] = []
        for (index, record) in records.enumerated() {
            if index > 0 { file.append(0x2c) }
            file.append(0x5b)
            SearchIndex.appendLiteral(String(record.url.dropFirst()), to: &file)
            file.append(0x2c)
            SearchIndex.appendLiteral(record.pageTitle, to: &file)
            file.append(0x2c)
            SearchIndex.appendLiteral(record.anchor, to: &file)
            file += ",[".utf8
            for (position, title) in record.titles.enumerated() {
                if position > 0 { file.append(0x2c) }
                SearchIndex.appendLiteral(title, to: &file)
            }
            file += "],".utf8
            SearchIndex.appendLiteral(record.place, to: &file)
            file.append(0x2c)
            SearchIndex.appendLiteral(record.text, to: &file)
            file.append(0x5d)
            for term in record.terms {
                var word = term.term
                let slot = word.withUTF8 { table.slot($0) }
                occurrences.append((Int32(slot), UInt8(index), UInt8(min(term.weight, SearchWeight.maximum))))
            }
        }
        file += "]);\n".utf8
        var firsts = [Int](repeating: 0, count: table.count + 1)
        for occurrence in occurrences { firsts[Int(occurrence.slot) + 1] += 1 }
        for slot in 0..<table.count { firsts[slot + 1] += firsts[slot] }
        var pairs = [UInt8](repeating: 0, count: occurrences.count * 2)
        var next = firsts
        for occurrence in occurrences {
            let at = next[Int(occurrence.slot)]
            pairs[2 * at] = occurrence.record
            pairs[2 * at + 1] = occurrence.weight
            next[Int(occurrence.slot)] = at + 1
        }
        var terms: [UInt8] = []
        terms.reserveCapacity(table.bytes.count + table.count * 4 + pairs.count)
        for slot in 0..<table.count {
            let word = table.term(slot)
            Self.appendNumber(word.count, to: &terms)
            terms += word
            Self.appendNumber(firsts[slot + 1] - firsts[slot], to: &terms)
            terms += pairs[2 * firsts[slot]..<2 * firsts[slot + 1]]
        }
        return (SearchPage(records: records.count, terms: terms), file)
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

    /// A number as LEB128: seven bits a byte, the high bit set on all but the last.
    private static func appendNumber(_ value: Int, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7f) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
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
    static func path(_ index: Int) -> String { SearchIndex.folder + "/r/\(index).js" }
}
