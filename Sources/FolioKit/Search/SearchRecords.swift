import Foundation

/// A page's search records, read off its table model in the order and containers `ViewRenderer` shows them.
struct SearchRecords {
    let segments: [String]
    private(set) var sources: [Source] = []

    /// Longest text kept per record for snippets; the terms still come from all of it.
    static let textLimit = 4000

    /// What one record is made of, before its terms are counted.
    struct Source {
        var anchor: String
        /// Titles of the enclosing sections, then the section's own (none for the intro).
        var titles: [String]
        var place: String
        /// The section's own text, whole (the terms come from all of it).
        var text: String

        var heading: String? { titles.last }
        var enclosing: ArraySlice<String> { titles.dropLast() }

        /// The text a result shows: at most `textLimit` characters.
        var keptText: String {
            guard text.utf8.count > textLimit, text.count > textLimit else { return text }
            return String(text.prefix(textLimit))
        }
    }

    static func of(_ model: TableModel, settings: PageSettings) -> [SearchRecord] {
        sources(model, settings: settings).map { source in
            SearchRecord(
                url: model.url, pageTitle: settings.title, anchor: source.anchor, titles: source.titles,
                place: source.place, text: source.keptText, terms: terms(of: source, pageTitle: settings.title))
        }
    }

    /// The page's records without their terms, in the order their sections are shown.
    static func sources(_ model: TableModel, settings: PageSettings) -> [Source] {
        var walker = SearchRecords(segments: settings.segments)
        walker.add(anchor: "", titles: [], place: [], text: model.introRows.map(\.text).joined(separator: " "))
        walker.walk(model.sections, spec: settings.view, idPrefix: "", titles: [], place: [])
        return walker.sources
    }

    private init(segments: [String]) {
        self.segments = segments
    }

    private mutating func walk(
        _ sections: [Section], spec: ViewSpec, idPrefix: String, titles: [String], place: [String]
    ) {
        switch spec.kind {
        case .list:
            for section in sections {
                visit(section, inner: spec.inner, idPrefix: idPrefix, titles: titles, place: place)
            }
        case .paged:
            for (index, section) in sections.enumerated() {
                let here = sections.count > 1 ? place + ["page \(index + 1) of \(sections.count)"] : place
                visit(section, inner: spec.inner, idPrefix: idPrefix, titles: titles, place: here)
            }
        case .tabs:
            for section in sections {
                visit(
                    section, inner: spec.inner, idPrefix: idPrefix, titles: titles,
                    place: place + ["tab “\(section.text)”"])
            }
        case .segmented:
            // The "All" list shows every section in context, so results open it rather than one page of the paged segment.
            walk(
                sections, spec: ViewSpec([.list] + (spec.inner?.kinds ?? [])), idPrefix: idPrefix + "all-",
                titles: titles,
                place: place + [segments.count > 1 ? segments[1] : "All"])
        }
    }

    private mutating func visit(
        _ section: Section, inner: ViewSpec?, idPrefix: String, titles: [String], place: [String]
    ) {
        add(
            anchor: idPrefix + section.id, titles: titles + [section.text], place: place,
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

    private mutating func add(anchor: String, titles: [String], place: [String], text: String) {
        sources.append(Source(anchor: anchor, titles: titles, place: place.joined(separator: " › "), text: text))
    }

    /// Calls `body` with every token of a record, in the order its terms are first seen — its text, its heading, the
    /// enclosing headings, the page's title — with its `SearchTermTable.hash` and its kind (0 body, 1 heading,
    /// 2 enclosing heading, 3 page title).
    static func forEachToken(
        of source: Source, pageTitle: String, _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt8) -> Void
    ) {
        SearchText.forEachToken(source.text) { body($0, $1, 0) }
        if let heading = source.heading { SearchText.forEachToken(heading) { body($0, $1, 1) } }
        for title in source.enclosing { SearchText.forEachToken(title) { body($0, $1, 2) } }
        SearchText.forEachToken(pageTitle) { body($0, $1, 3) }
    }

    /// A term's weight in a record, from its count in the body and the kinds of title it was seen in
    /// (`seen`: bit `1 << kind`).
    static func weight(body: Int, seen: UInt8, intro: Bool) -> Int {
        var weight = min(body * SearchWeight.body, SearchWeight.bodyCap)
        if seen & 2 != 0 { weight += SearchWeight.heading }
        if seen & 4 != 0 { weight += SearchWeight.enclosingHeading }
        if seen & 8 != 0 { weight += intro ? SearchWeight.pageTitleOnIntro : SearchWeight.pageTitle }
        return min(weight, SearchWeight.maximum)
    }

    /// A record's terms, each once in first-seen order, with its weight.
    static func terms(of source: Source, pageTitle: String) -> [SearchRecord.Term] {
        var table = SearchTermTable(capacity: 64)
        var counts: [(body: Int, seen: UInt8)] = []
        forEachToken(of: source, pageTitle: pageTitle) { word, hash, kind in
            let slot = table.slot(word, hash: hash)
            if slot == counts.count { counts.append((0, 0)) }
            if kind == 0 { counts[slot].body += 1 } else { counts[slot].seen |= 1 << kind }
        }
        return counts.enumerated().map { slot, count in
            SearchRecord.Term(
                term: String(decoding: table.term(slot), as: UTF8.self),
                weight: weight(body: count.body, seen: count.seen, intro: source.anchor.isEmpty))
        }
    }
}
