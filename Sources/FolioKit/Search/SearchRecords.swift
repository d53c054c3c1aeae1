import Foundation

/// A page's search records, read off its table model in the order and containers `ViewRenderer` shows them.
struct SearchRecords {
    let url: String
    let pageTitle: String
    let segments: [String]
    private(set) var records: [SearchRecord] = []

    /// Longest text kept per record for snippets; the terms still come from all of it.
    static let textLimit = 4000

    static func of(_ model: TableModel, settings: PageSettings) -> [SearchRecord] {
        var walker = SearchRecords(url: model.url, pageTitle: settings.title, segments: settings.segments)
        walker.add(
            anchor: "", titles: [], enclosing: [], place: [], text: model.introRows.map(\.text).joined(separator: " "))
        walker.walk(model.sections, spec: settings.view, idPrefix: "", titles: [], place: [])
        return walker.records
    }

    private init(url: String, pageTitle: String, segments: [String]) {
        self.url = url
        self.pageTitle = pageTitle
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
            anchor: idPrefix + section.id, titles: titles + [section.text], enclosing: titles, place: place,
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
        // Every token with where it came from, sorted by its bytes: equal words are neighbours, counted in one pass.
        var tokens = SearchText.TokenBuffer()
        SearchText.collect(text, kind: 0, into: &tokens)
        if let heading = titles.last { SearchText.collect(heading, kind: 1, into: &tokens) }
        for title in enclosing { SearchText.collect(title, kind: 2, into: &tokens) }
        SearchText.collect(pageTitle, kind: 3, into: &tokens)
        let titleWeight = anchor.isEmpty ? SearchWeight.pageTitleOnIntro : SearchWeight.pageTitle
        var terms: [SearchRecord.Term] = []
        // Equal words meet in a small open-addressing table (FNV-1a of their bytes); terms keep first-seen order.
        tokens.bytes.withUnsafeBufferPointer { bytes in
            func slice(_ span: (start: Int32, count: Int32, kind: UInt8)) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<Int(span.start + span.count)])
            }
            var capacity = 16
            while capacity < tokens.spans.count * 2 { capacity <<= 1 }
            var table = [Int32](repeating: -1, count: capacity)  // slot → index into `unique`
            var unique: [(span: Int, body: Int, seen: UInt8)] = []
            for (position, span) in tokens.spans.enumerated() {
                let word = slice(span)
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
                var slot = Int(hash & UInt64(capacity - 1))
                while true {
                    let found = table[slot]
                    if found < 0 {
                        table[slot] = Int32(unique.count)
                        unique.append((position, 0, 0))
                        break
                    }
                    if slice(tokens.spans[unique[Int(found)].span]).elementsEqual(word) { break }
                    slot = (slot + 1) & (capacity - 1)
                }
                let entry = Int(table[slot])
                if span.kind == 0 {
                    unique[entry].body += SearchWeight.body
                } else {
                    unique[entry].seen |= 1 << span.kind
                }
            }
            terms.reserveCapacity(unique.count)
            for entry in unique {
                var weight = min(entry.body, SearchWeight.bodyCap)
                if entry.seen & 2 != 0 { weight += SearchWeight.heading }
                if entry.seen & 4 != 0 { weight += SearchWeight.enclosingHeading }
                if entry.seen & 8 != 0 { weight += titleWeight }
                terms.append(
                    .init(
                        term: String(decoding: slice(tokens.spans[entry.span]), as: UTF8.self),
                        weight: min(weight, SearchWeight.maximum)))
            }
        }
        var kept = text
        if kept.utf8.count > Self.textLimit, kept.count > Self.textLimit { kept = String(kept.prefix(Self.textLimit)) }
        records.append(
            SearchRecord(
                url: url, pageTitle: pageTitle, anchor: anchor, titles: titles,
                place: place.joined(separator: " › "), text: kept, terms: terms))
    }
}
