/// A page's search records, read off its table model in the order and containers `ViewRenderer` shows them.
struct SearchRecords {
    let url: String
    let pageTitle: String
    let segments: [String]
    private(set) var records: [SearchRecord] = []
    private let titleTokens: [String]

    /// Longest text kept per record for snippets; the terms still come from all of it.
    static let textLimit = 4000

    static func of(_ model: TableModel, settings: PageSettings) -> [SearchRecord] {
        var walker = SearchRecords(url: model.url, pageTitle: settings.title, segments: settings.segments)
        walker.add(anchor: "", titles: [], enclosing: [], place: [], text: model.introRows.map(\.text).joined(separator: " "))
        walker.walk(model.sections, spec: settings.view, idPrefix: "", titles: [], place: [])
        return walker.records
    }

    private init(url: String, pageTitle: String, segments: [String]) {
        self.url = url
        self.pageTitle = pageTitle
        self.segments = segments
        titleTokens = SearchText.tokens(pageTitle)
    }

    private mutating func walk(_ sections: [Section], spec: ViewSpec, idPrefix: String, titles: [String], place: [String]) {
        switch spec.kind {
        case .list:
            for section in sections { visit(section, inner: spec.inner, idPrefix: idPrefix, titles: titles, place: place) }
        case .paged:
            for (index, section) in sections.enumerated() {
                let here = sections.count > 1 ? place + ["page \(index + 1) of \(sections.count)"] : place
                visit(section, inner: spec.inner, idPrefix: idPrefix, titles: titles, place: here)
            }
        case .tabs:
            for section in sections {
                visit(section, inner: spec.inner, idPrefix: idPrefix, titles: titles, place: place + ["tab “\(section.text)”"])
            }
        case .segmented:
            // The "All" list shows every section in context, so results open it rather than one page of the paged segment.
            walk(sections, spec: ViewSpec([.list] + (spec.inner?.kinds ?? [])), idPrefix: idPrefix + "all-", titles: titles,
                place: place + [segments.count > 1 ? segments[1] : "All"])
        }
    }

    private mutating func visit(_ section: Section, inner: ViewSpec?, idPrefix: String, titles: [String], place: [String]) {
        add(anchor: idPrefix + section.id, titles: titles + [section.text], enclosing: titles, place: place,
            text: section.rows.map(\.text).joined(separator: " "))
        guard !section.sections.isEmpty else { return }
        if let spec = section.view ?? inner {
            walk(section.sections, spec: spec, idPrefix: idPrefix, titles: titles + [section.text], place: place)
        } else {
            for subsection in section.sections {
                visit(subsection, inner: nil, idPrefix: idPrefix, titles: titles + [section.text], place: place)
            }
        }
    }

    private mutating func add(anchor: String, titles: [String], enclosing: [String], place: [String], text: String) {
        var weights: [String: Int] = [:]
        for token in SearchText.tokens(text) {
            weights[token] = min(SearchWeight.bodyCap, weights[token, default: 0] + SearchWeight.body)
        }
        if let heading = titles.last {
            for token in Set(SearchText.tokens(heading)) { weights[token, default: 0] += SearchWeight.heading }
        }
        for token in Set(enclosing.flatMap(SearchText.tokens)) { weights[token, default: 0] += SearchWeight.enclosingHeading }
        let titleWeight = anchor.isEmpty ? SearchWeight.pageTitleOnIntro : SearchWeight.pageTitle
        for token in Set(titleTokens) { weights[token, default: 0] += titleWeight }
        let terms = weights.map { SearchRecord.Term(term: $0.key, weight: min($0.value, SearchWeight.maximum)) }
            .sorted { $0.term < $1.term }
        var kept = text
        if kept.utf8.count > Self.textLimit, kept.count > Self.textLimit { kept = String(kept.prefix(Self.textLimit)) }
        records.append(SearchRecord(url: url, pageTitle: pageTitle, anchor: anchor, titles: titles,
            place: place.joined(separator: " › "), text: kept, terms: terms))
    }
}
