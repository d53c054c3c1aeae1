import Mustache

/// `page.toc`: the page's sections and subsections between two heading levels, from its model.
/// Entries link to the headings' ids; folio.js opens the tab, page or segment holding one, as for any deep link.
enum TableOfContents {
    struct Entry: MustacheParent {
        var id: String
        /// The heading as plain text.
        var title: String
        var level: Int
        var entries: [Entry]

        /// `entries` and `hasEntries` even when empty: a recursive partial must not see its parent's values again.
        func child(named name: String) -> Any? {
            switch name {
            case "id": TemplateText(id)
            case "title": TemplateText(title)
            case "level": level
            case "entries": TemplateList(entries)
            case "hasEntries": !entries.isEmpty
            default: nil
            }
        }
    }

    static func entries(_ sections: [Section], levels: ClosedRange<Int>) -> [Entry] {
        var result: [Entry] = []
        for section in sections {
            let inner = entries(section.sections, levels: levels)
            guard levels.contains(section.level) else {
                result += inner  // a level outside the range passes its subsections up
                continue
            }
            result.append(Entry(id: section.id, title: section.text, level: section.level, entries: inner))
        }
        return result
    }

    /// `2-3`, `2…4` or `3`: the heading levels an "On this page" list shows.
    static func levels(_ text: String) -> ClosedRange<Int>? {
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == "…" || $0 == " " }).compactMap { Int($0) }
        guard let low = parts.first, let high = parts.last, parts.count <= 2, (1...6).contains(low),
            (low...6).contains(high)
        else {
            return nil
        }
        return low...high
    }
}
