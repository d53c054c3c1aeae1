import Foundation

/// A page's search records, read off its table model in the order and containers `ViewRenderer` shows them.
struct SearchRecords {
    let segments: [String]
    private(set) var sources: [Source] = []
    /// How many segmented views the sections being walked are inside.
    private var segmentedDepth = 0

    /// Longest text kept per record for snippets; the terms still come from all of it.
    static let textLimit = 4000

    /// What one record is made of, before its terms are counted.
    struct Source {
        var anchor: String
        /// Titles of the enclosing sections, then the section's own (none for the intro).
        var titles: [String]
        var place: String
        /// The section's rows, whose texts, joined by spaces, are its text.
        var rows: [Row]

        /// The section's own text, whole (the terms come from all of it).
        var text: String { rows.count == 1 ? rows[0].text : rows.map(\.text).joined(separator: " ") }

        /// The length of `text` in UTF-8 bytes.
        var textSize: Int {
            rows.withUnsafeBufferPointer { rows in
                var size = max(rows.count - 1, 0)
                for index in rows.indices { size += rows[index].text.utf8.count }
                return size
            }
        }

        /// Calls `body` with each row's text, in order, without copying the rows.
        func forEachText(_ body: (String) -> Void) {
            rows.withUnsafeBufferPointer { rows in
                for index in rows.indices { body(rows[index].text) }
            }
        }

        var heading: String? { titles.last }
        var enclosing: ArraySlice<String> { titles.dropLast() }

        /// The text a result shows: at most `textLimit` characters.
        var keptText: String {
            let text = text
            guard text.utf8.count > textLimit, text.count > textLimit else { return text }
            return String(text.prefix(textLimit))
        }

        /// `keptText` as a JavaScript string literal: the rows' texts escaped one after the other, not joined
        /// first (when the text is no longer than the limit, as almost every section's is).
        func appendKeptText(to file: inout [UInt8]) {
            guard rows.count > 1, textSize <= SearchRecords.textLimit else {
                return SearchIndex.appendLiteral(keptText, to: &file)
            }
            file.append(0x22)
            var first = true
            forEachText { text in
                if !first { file.append(0x20) }
                first = false
                SearchIndex.appendEscaped(text, to: &file)
            }
            file.append(0x22)
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
        walker.add(anchor: "", titles: [], place: [], rows: model.introRows)
        walker.walk(model.sections, spec: settings.view, idPrefix: "", titles: [], place: [])
        return walker.sources
    }

    private init(segments: [String]) {
        self.segments = segments
    }

    // The sections are visited in place (a `for` loop would copy each, retaining its every field).
    private mutating func walk(
        _ sections: [Section], spec: ViewSpec, idPrefix: String, titles: [String], place: [String]
    ) {
        switch spec.kind {
        case .list:
            sections.withUnsafeBufferPointer { sections in
                for index in sections.indices {
                    visit(sections[index], inner: spec.inner, idPrefix: idPrefix, titles: titles, place: place)
                }
            }
        case .paged:
            sections.withUnsafeBufferPointer { sections in
                for index in sections.indices {
                    let here = sections.count > 1 ? place + ["page \(index + 1) of \(sections.count)"] : place
                    visit(sections[index], inner: spec.inner, idPrefix: idPrefix, titles: titles, place: here)
                }
            }
        case .tabs:
            sections.withUnsafeBufferPointer { sections in
                for index in sections.indices {
                    visit(
                        sections[index], inner: spec.inner, idPrefix: idPrefix, titles: titles,
                        place: place + ["tab “\(sections[index].text)”"])
                }
            }
        case .segmented:
            // The "All" list shows every section in context, so results open it rather than one page of the paged segment.
            let allPrefix = ViewSpec.allListPrefix(depth: segmentedDepth)
            segmentedDepth += 1
            defer { segmentedDepth -= 1 }
            walk(
                sections, spec: ViewSpec([.list] + (spec.inner?.kinds ?? [])), idPrefix: idPrefix + allPrefix,
                titles: titles,
                place: place + [segments.count > 1 ? segments[1] : "All"])
        }
    }

    private mutating func visit(
        _ section: borrowing Section, inner: ViewSpec?, idPrefix: String, titles: [String], place: [String]
    ) {
        let titles = titles + [section.text]
        add(anchor: idPrefix + section.id, titles: titles, place: place, rows: section.rows)
        guard !section.sections.isEmpty else { return }
        if let spec = section.view ?? inner {
            walk(section.sections, spec: spec, idPrefix: idPrefix, titles: titles, place: place)
        } else {
            section.sections.withUnsafeBufferPointer { sections in
                for index in sections.indices {
                    visit(sections[index], inner: nil, idPrefix: idPrefix, titles: titles, place: place)
                }
            }
        }
    }

    private mutating func add(anchor: String, titles: [String], place: [String], rows: [Row]) {
        sources.append(Source(anchor: anchor, titles: titles, place: place.joined(separator: " › "), rows: rows))
    }

    /// Calls `body` with every token of a record, in the order its terms are first seen — its text, its heading, the
    /// enclosing headings, the page's title — with its `SearchTermTable.hash` and `key`, and its kind (0 body,
    /// 1 heading, 2 enclosing heading, 3 page title).
    static func forEachToken(
        of source: Source, pageTitle: String, _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64, UInt8) -> Void
    ) {
        source.forEachText { text in SearchText.forEachToken(text) { body($0, $1, $2, 0) } }
        if let heading = source.heading { SearchText.forEachToken(heading) { body($0, $1, $2, 1) } }
        for title in source.enclosing { SearchText.forEachToken(title) { body($0, $1, $2, 2) } }
        SearchText.forEachToken(pageTitle) { body($0, $1, $2, 3) }
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
        forEachToken(of: source, pageTitle: pageTitle) { word, hash, key, kind in
            let slot = table.slot(word, hash: hash, key: key)
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
