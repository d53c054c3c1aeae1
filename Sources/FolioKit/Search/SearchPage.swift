/// A page's part of the search index, made by the worker that renders the page: its records as the file
/// `search/r/<page>.js` (written at once, not kept), and their weighted terms as compact text — one line
/// per record, `term weight term weight …` — which is all the build keeps, and caches, per page.
struct SearchPage: Sendable, Equatable {
    /// Record ids are `page << 8 | record`, so a page indexes at most this many records (later ones are merged into the last).
    static let recordLimit = 256

    var records: Int
    var terms: [UInt8]

    init(records: Int, terms: [UInt8]) {
        self.records = records
        self.terms = terms
    }

    /// The page's terms and the contents of its record file.
    static func make(_ model: TableModel, settings: PageSettings) -> (page: SearchPage, file: [UInt8]) {
        make(SearchRecords.of(model, settings: settings))
    }

    static func make(_ all: [SearchRecord]) -> (page: SearchPage, file: [UInt8]) {
        var records = Array(all.prefix(recordLimit))
        if all.count > recordLimit {
            var merged: [String: Int] = [:]
            for record in all[(recordLimit - 1)...] {
                for term in record.terms { merged[term.term] = min(SearchWeight.maximum, merged[term.term, default: 0] + term.weight) }
            }
            records[recordLimit - 1].terms = merged.map { .init(term: $0.key, weight: $0.value) }.sorted { $0.term < $1.term }
        }
        var file = Array("folioSearch.r([".utf8)
        var terms: [UInt8] = []
        for (index, record) in records.enumerated() {
            if index > 0 { file.append(0x2c) }
            file += "[\(SearchIndex.literal(String(record.url.dropFirst()))),\(SearchIndex.literal(record.pageTitle)),".utf8
            file += "\(SearchIndex.literal(record.anchor)),[\(record.titles.map(SearchIndex.literal).joined(separator: ","))],".utf8
            file += "\(SearchIndex.literal(record.place)),\(SearchIndex.literal(record.text))]".utf8
            for (position, term) in record.terms.enumerated() {
                if position > 0 { terms.append(0x20) }
                terms += term.term.utf8
                terms.append(0x20)
                terms += String(term.weight).utf8
            }
            terms.append(0x0a)
        }
        file += "]);\n".utf8
        return (SearchPage(records: records.count, terms: terms), file)
    }

    /// The record file of page number `index`.
    static func path(_ index: Int) -> String { SearchIndex.folder + "/r/\(index).js" }
}
