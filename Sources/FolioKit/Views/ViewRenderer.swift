/// Renders a page's sections through the theme's container components: list, paged, tabs, segmented.
/// The same model, shown by different containers, like one table data source behind several view controllers.
struct ViewRenderer {
    let theme: Theme
    let settings: PageSettings
    private(set) var viewCount = 0
    private var counters: [ViewSpec.Kind: Int] = [:]

    init(theme: Theme, settings: PageSettings) {
        self.theme = theme
        self.settings = settings
    }

    /// The page body: intro, then the sections in the page's view.
    mutating func render(_ model: TableModel) -> String {
        var html = model.intro
        if !model.sections.isEmpty {
            html += renderSections(model.sections, as: settings.view, label: settings.title, idPrefix: "")
        }
        return html
    }

    /// Sections shown by the container `spec.kind`; their subsections by `spec.inner`, unless they say otherwise.
    mutating func renderSections(_ sections: [Section], as spec: ViewSpec, label: String, idPrefix: String) -> String {
        viewCount += 1
        switch spec.kind {
        case .list: return list(sections, inner: spec.inner, idPrefix: idPrefix)
        case .paged: return paged(sections, inner: spec.inner, label: label, idPrefix: idPrefix)
        case .tabs: return tabs(sections, inner: spec.inner, label: label, idPrefix: idPrefix)
        case .segmented: return segmented(sections, inner: spec.inner, label: label, idPrefix: idPrefix)
        }
    }

    private mutating func nextID(_ kind: ViewSpec.Kind) -> String {
        counters[kind, default: 0] += 1
        return "folio-\(kind.rawValue)-\(counters[kind]!)"
    }

    // MARK: Sections

    private func heading(_ section: Section, idPrefix: String) -> String {
        theme.render("components/heading", ["level": section.level, "id": idPrefix + section.id, "title": section.title])
    }

    /// A section's rows, then its subsections: in a container when one is named, else inline.
    private mutating func content(_ section: Section, inner: ViewSpec?, idPrefix: String) -> String {
        guard !section.sections.isEmpty else { return section.html }
        if let spec = section.view ?? inner {
            return section.html + renderSections(section.sections, as: spec, label: section.text, idPrefix: idPrefix)
        }
        var html = section.html
        for subsection in section.sections {
            html += heading(subsection, idPrefix: idPrefix)
            html += content(subsection, inner: nil, idPrefix: idPrefix)
        }
        return html
    }

    private mutating func sectionContexts(_ sections: [Section], inner: ViewSpec?, idPrefix: String) -> [[String: Any]] {
        sections.map { section in
            [
                "id": section.id,
                "title": section.title,
                "text": section.text,
                "level": section.level,
                "heading": heading(section, idPrefix: idPrefix),
                "content": content(section, inner: inner, idPrefix: idPrefix),
            ]
        }
    }

    // MARK: Containers

    private mutating func list(_ sections: [Section], inner: ViewSpec?, idPrefix: String) -> String {
        theme.render("components/list", ["sections": sectionContexts(sections, inner: inner, idPrefix: idPrefix)])
    }

    private mutating func paged(_ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String) -> String {
        let viewID = nextID(.paged)
        var pages = sectionContexts(sections, inner: inner, idPrefix: idPrefix)
        for index in pages.indices {
            let id = idPrefix + (pages[index]["id"] as! String)
            pages[index]["id"] = id
            pages[index]["panelId"] = "\(viewID)-page-\(index + 1)"
            pages[index]["dotId"] = "\(viewID)-dot-\(index + 1)"
            pages[index]["position"] = "\(index + 1) of \(pages.count)"
            pages[index]["selected"] = index == 0 ? "true" : "false"
            pages[index]["tabindex"] = index == 0 ? "0" : "-1"
        }
        return theme.render("components/paged", [
            "viewId": viewID, "label": label, "transition": settings.transition.rawValue,
            "pages": pages, "showControl": pages.count > 1, "single": pages.count <= 1,
        ])
    }

    private mutating func tabs(_ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String) -> String {
        let viewID = nextID(.tabs)
        var tabs = sectionContexts(sections, inner: inner, idPrefix: idPrefix)
        for index in tabs.indices {
            tabs[index]["id"] = idPrefix + (tabs[index]["id"] as! String)
            tabs[index]["tabId"] = "\(viewID)-tab-\(index + 1)"
            tabs[index]["panelId"] = "\(viewID)-panel-\(index + 1)"
            tabs[index]["selected"] = index == 0 ? "true" : "false"
            tabs[index]["tabindex"] = index == 0 ? "0" : "-1"
        }
        var context: [String: Any] = ["viewId": viewID, "label": label, "tabs": tabs]
        if let group = settings.tabGroup { context["group"] = group }
        return theme.render("components/tabs", context)
    }

    private mutating func segmented(_ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String) -> String {
        let viewID = nextID(.segmented)
        let paged = renderSections(sections, as: ViewSpec([.paged] + (inner?.kinds ?? [])), label: label, idPrefix: idPrefix)
        let list = renderSections(sections, as: ViewSpec([.list] + (inner?.kinds ?? [])), label: label, idPrefix: idPrefix + "all-")
        let names = settings.segments
        let segments: [[String: Any]] = [
            ["name": names[0], "segmentId": "\(viewID)-segment-1", "panelId": "\(viewID)-pages", "selected": "true", "tabindex": "0"],
            ["name": names[1], "segmentId": "\(viewID)-segment-2", "panelId": "\(viewID)-all", "selected": "false", "tabindex": "-1"],
        ]
        return theme.render("components/segmented", [
            "viewId": viewID, "label": label, "segments": segments, "paged": paged, "list": list,
            "pagedPanelId": "\(viewID)-pages", "listPanelId": "\(viewID)-all",
            "pagedSegmentId": "\(viewID)-segment-1", "listSegmentId": "\(viewID)-segment-2",
        ])
    }
}
