/// A record as the index stores it: the JSON a result shows, and the weighted terms that find it.
/// Made by the page's render worker, so the serial assembly only concatenates.
struct SearchEntry: Sendable, Equatable {
    var json: String
    var terms: [SearchRecord.Term]

    init(json: String, terms: [SearchRecord.Term]) {
        self.json = json
        self.terms = terms
    }

    init(_ record: SearchRecord) {
        var json = "[" + SearchIndex.literal(String(record.url.dropFirst())) + "," + SearchIndex.literal(record.pageTitle) + ","
        json += SearchIndex.literal(record.anchor) + ",[" + record.titles.map(SearchIndex.literal).joined(separator: ",")
        json += "]," + SearchIndex.literal(record.place) + "," + SearchIndex.literal(record.text) + "]"
        self.json = json
        terms = record.terms
    }

    /// A page's entries, straight from its model.
    static func page(_ model: TableModel, settings: PageSettings) -> [SearchEntry] {
        SearchRecords.of(model, settings: settings).map(SearchEntry.init)
    }
}
