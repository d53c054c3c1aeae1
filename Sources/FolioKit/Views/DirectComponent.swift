/// The default theme's container components, written directly while a theme keeps them as they are (as
/// `DirectPartial` does for partials): the same HTML as `components/list`, `paged`, `tabs` (with the empty
/// `tabs-banner` partial) and `segmented` render through Mustache, without a template render per container.
/// `DirectPartialsTests` builds the guide both ways and compares every page.
enum DirectComponent {
    /// One section in a container: what the component templates read of it.
    struct Item {
        /// The section's own id (`{{id}}` in the list).
        var sectionID: String
        /// The id its dot or tab links to: the section's, with the container's prefix (`all-` in a segmented "All").
        var anchor: String
        /// Its title as HTML, and as plain text.
        var title: String
        var text: String
        var level: Int
        /// Its heading and its content, as HTML.
        var heading: String
        var content: String
    }

    /// The theme's components written directly: those whose files are all the default's.
    static func unchanged(in files: [String: [UInt8]]) -> Set<ViewSpec.Kind> {
        Set(
            ViewSpec.Kind.allCases.filter { kind in
                var paths = ["components/\(kind.rawValue).mustache"]
                if kind == .tabs { paths.append("partials/tabs-banner.mustache") }
                return paths.allSatisfy { files[$0] == DefaultTheme.files[$0] }
            })
    }

    /// `components/list.mustache`.
    static func list(_ items: [Item]) -> String {
        var out = HTMLBuffer(capacity: items.reduce(128) { $0 + $1.heading.utf8.count + $1.content.utf8.count + 96 })
        out.append("<div class=\"folio-list\" data-folio-view=\"list\">\n")
        for item in items {
            out.append("<section class=\"folio-list__section\" data-folio-section=\"")
            out.appendEscaped(item.sectionID)
            out.append("\">\n")
            appendBody(item, to: &out)
            out.append("</section>\n")
        }
        out.append("</div>\n")
        return out.string
    }

    /// `components/paged.mustache`.
    static func paged(
        _ items: [Item], viewID: String, label: String, transition: String, pagedClass: String, controlClass: String
    ) -> String {
        var out = HTMLBuffer(capacity: items.reduce(1024) { $0 + $1.heading.utf8.count + $1.content.utf8.count + 384 })
        out.append("<div class=\"folio-paged ")
        out.appendEscaped(pagedClass)
        out.append("\" id=\"")
        out.appendEscaped(viewID)
        out.append("\" data-folio-view=\"paged\" data-folio-current=\"0\" data-folio-transition=\"")
        out.appendEscaped(transition)
        out.append("\" role=\"region\" aria-roledescription=\"carousel\" aria-label=\"")
        out.appendEscaped(label)
        out.append("\">\n<div class=\"folio-paged__track\" data-folio-track tabindex=\"0\">\n")
        for (index, item) in items.enumerated() {
            out.append("<div class=\"folio-paged__page\" id=\"")
            appendNumbered(viewID, "-page-", index, to: &out)
            out.append("\" data-folio-page role=\"tabpanel\" aria-roledescription=\"slide\" aria-label=\"")
            appendPosition(index, of: items.count, to: &out)
            out.append("\">\n")
            appendBody(item, to: &out)
            out.append("</div>\n")
        }
        out.append("</div>\n")
        if items.count > 1 {
            out.append("<div class=\"folio-paged__controls\">\n")
            out.append("<button type=\"button\" class=\"folio-paged__prev\" data-folio-prev aria-controls=\"")
            out.appendEscaped(viewID)
            out.append(
                "\" aria-label=\"Previous page\" aria-disabled=\"true\" hidden><span aria-hidden=\"true\">‹</span></button>\n"
            )
            out.append("<div class=\"folio-page-control ")
            out.appendEscaped(controlClass)
            out.append("\" data-folio-page-control role=\"tablist\" aria-label=\"Pages of ")
            out.appendEscaped(label)
            out.append("\">\n")
            for (index, item) in items.enumerated() {
                out.append("<a class=\"folio-page-control__dot\" id=\"")
                appendNumbered(viewID, "-dot-", index, to: &out)
                out.append("\" data-folio-dot href=\"#")
                out.appendEscaped(item.anchor)
                out.append("\" role=\"tab\" aria-controls=\"")
                appendNumbered(viewID, "-page-", index, to: &out)
                appendSelection(index, to: &out)
                out.append(" aria-label=\"")
                appendPosition(index, of: items.count, to: &out)
                out.append(": ")
                out.appendEscaped(item.text)
                out.append("\"></a>")
            }
            out.append("\n</div>\n")
            out.append("<button type=\"button\" class=\"folio-paged__next\" data-folio-next aria-controls=\"")
            out.appendEscaped(viewID)
            out.append("\" aria-label=\"Next page\" hidden><span aria-hidden=\"true\">›</span></button>\n</div>\n")
        }
        out.append("</div>\n")
        return out.string
    }

    /// `components/tabs.mustache`, with the default (empty) `partials/tabs-banner.mustache`.
    static func tabs(_ items: [Item], viewID: String, label: String, group: String?, barClass: String) -> String {
        var out = HTMLBuffer(capacity: items.reduce(1024) { $0 + $1.heading.utf8.count + $1.content.utf8.count + 384 })
        out.append("<div class=\"folio-tabs ")
        out.appendEscaped(barClass)
        out.append("\" id=\"")
        out.appendEscaped(viewID)
        out.append("\" data-folio-view=\"tabs\" data-folio-current=\"0\"")
        if let group {
            out.append(" data-folio-tab-group=\"")
            out.appendEscaped(group)
            out.append("\"")
        }
        out.append(">\n<div class=\"folio-tabs__bar\">\n<div class=\"folio-tabs__list\" role=\"tablist\" aria-label=\"")
        out.appendEscaped(label)
        out.append("\">\n")
        for (index, item) in items.enumerated() {
            out.append("<a class=\"folio-tabs__tab\" id=\"")
            appendNumbered(viewID, "-tab-", index, to: &out)
            out.append("\" data-folio-tab href=\"#")
            out.appendEscaped(item.anchor)
            out.append("\" role=\"tab\" aria-controls=\"")
            appendNumbered(viewID, "-panel-", index, to: &out)
            appendSelection(index, to: &out)
            out.append(">")
            out.appendHTML(item.title)
            out.append("</a>")
        }
        out.append(
            "\n<span class=\"folio-tabs__indicator\" data-folio-tab-indicator aria-hidden=\"true\"></span>\n</div>\n</div>\n"
        )
        out.append("<div class=\"folio-tabs__panels\" data-folio-track>\n")
        for (index, item) in items.enumerated() {
            out.append("<div class=\"folio-tabs__panel\" id=\"")
            appendNumbered(viewID, "-panel-", index, to: &out)
            out.append("\" data-folio-tab-panel role=\"tabpanel\" aria-labelledby=\"")
            appendNumbered(viewID, "-tab-", index, to: &out)
            out.append("\" tabindex=\"0\">\n")
            appendBody(item, to: &out)
            out.append("</div>\n")
        }
        out.append("</div>\n</div>\n")
        return out.string
    }

    /// `components/segmented.mustache`: its two panels are the paged and the list views, already rendered.
    static func segmented(
        viewID: String, label: String, names: [String], controlClass: String, paged: String, list: String
    ) -> String {
        var out = HTMLBuffer(capacity: paged.utf8.count + list.utf8.count + 1024)
        out.append("<div class=\"folio-segmented ")
        out.appendEscaped(controlClass)
        out.append("\" id=\"")
        out.appendEscaped(viewID)
        out.append(
            "\" data-folio-view=\"segmented\" data-folio-current=\"0\">\n<div class=\"folio-segmented__control\" role=\"tablist\" aria-label=\""
        )
        out.appendEscaped(label)
        out.append("\">\n")
        for (index, panel) in ["-pages", "-all"].enumerated() {
            out.append("<a class=\"folio-segmented__segment\" id=\"")
            appendNumbered(viewID, "-segment-", index, to: &out)
            out.append("\" data-folio-segment href=\"#")
            out.appendEscaped(viewID + panel)
            out.append("\" role=\"tab\" aria-controls=\"")
            out.appendEscaped(viewID + panel)
            appendSelection(index, to: &out)
            out.append(">")
            out.appendEscaped(names[index])
            out.append("</a>")
        }
        out.append("\n</div>\n")
        for (index, (panel, html)) in [("-pages", paged), ("-all", list)].enumerated() {
            out.append("<div class=\"folio-segmented__panel\" id=\"")
            out.appendEscaped(viewID + panel)
            out.append("\" data-folio-segment-panel role=\"tabpanel\" aria-labelledby=\"")
            appendNumbered(viewID, "-segment-", index, to: &out)
            out.append("\">\n")
            out.appendHTML(html)
            out.append("\n</div>\n")
        }
        out.append("</div>\n")
        return out.string
    }

    // MARK: Pieces

    /// `{{{heading}}}` and `{{{content}}}`, each on its own line.
    private static func appendBody(_ item: Item, to out: inout HTMLBuffer) {
        out.appendHTML(item.heading)
        out.append("\n")
        out.appendHTML(item.content)
        out.append("\n")
    }

    /// `viewID` + `infix` + the 1-based number of item `index` (`folio-tabs-1-panel-2`).
    private static func appendNumbered(_ viewID: String, _ infix: StaticString, _ index: Int, to out: inout HTMLBuffer)
    {
        out.appendEscaped(viewID)
        out.append(infix)
        out.append(index + 1)
    }

    /// "2 of 5".
    private static func appendPosition(_ index: Int, of count: Int, to out: inout HTMLBuffer) {
        out.append(index + 1)
        out.append(" of ")
        out.append(count)
    }

    /// The closing quote of `aria-controls`, then the first item selected and the only tab stop (roving tabindex).
    private static func appendSelection(_ index: Int, to out: inout HTMLBuffer) {
        out.append(
            index == 0 ? "\" aria-selected=\"true\" tabindex=\"0\"" : "\" aria-selected=\"false\" tabindex=\"-1\"")
    }
}
