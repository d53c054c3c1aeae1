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
        // The page's terms, each once, with the records that hold it (a page indexes a few words many times).
        var table = SearchTermTable(capacity: 256)
        var postings: [[UInt8]] = []
        for (index, record) in records.enumerated() {
            if index > 0 { file.append(0x2c) }
            file +=
                "[\(SearchIndex.literal(String(record.url.dropFirst()))),\(SearchIndex.literal(record.pageTitle)),".utf8
            file +=
                "\(SearchIndex.literal(record.anchor)),[\(record.titles.map(SearchIndex.literal).joined(separator: ","))],"
                .utf8
            file += "\(SearchIndex.literal(record.place)),\(SearchIndex.literal(record.text))]".utf8
            for term in record.terms {
                var word = term.term
                let slot = word.withUTF8 { table.slot($0) }
                if slot == postings.count { postings.append([]) }
                postings[slot] += [UInt8(index), UInt8(min(term.weight, SearchWeight.maximum))]
            }
        }
        file += "]);\n".utf8
        var terms: [UInt8] = []
        terms.reserveCapacity(table.bytes.count + postings.count * 4 + postings.reduce(0) { $0 + $1.count })
        for (slot, pairs) in postings.enumerated() {
            let word = table.term(slot)
            Self.appendNumber(word.count, to: &terms)
            terms += word
            Self.appendNumber(pairs.count / 2, to: &terms)
            terms += pairs
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
