/// Renders a page's sections through the theme's container components: list, paged, tabs, segmented.
/// The same model, shown by different containers, like one table data source behind several view controllers.
struct ViewRenderer {
    let theme: Theme
    let settings: PageSettings
    let appearance: AppearanceResolver
    private(set) var viewCount = 0
    /// Every control rendered, with its resolved appearance (for `folio appearance`).
    private(set) var controls: [AppearanceReport.Control] = []
    /// The styles the page's controls use, for the site's generated stylesheet.
    private(set) var stylesheet = AppearanceStylesheet()
    /// Current-dot contrast warnings of the page's page controls, and errors of its templates (an include chain too deep).
    private var warnings = Diagnostics()
    private var counters: [ViewSpec.Kind: Int] = [:]
    /// How many segmented views the one being rendered is inside.
    private var segmentedDepth = 0
    /// The containers around the view being rendered, outermost first.
    private var containers: [String]

    init(theme: Theme, settings: PageSettings, appearance: AppearanceResolver = AppearanceResolver(AppearanceConfig()))
    {
        self.theme = theme
        self.settings = settings
        self.appearance = appearance
        self.containers = settings.containers
    }

    /// The page body: intro, then the sections in the page's view; the views' problems go to `diagnostics`.
    mutating func render(_ model: TableModel, diagnostics: inout Diagnostics) -> String {
        var html = model.intro
        if !model.sections.isEmpty {
            html += renderSections(model.sections, as: settings.view, label: settings.title, idPrefix: "")
        }
        diagnostics.report(warnings)
        warnings = Diagnostics()
        return html
    }

    /// Sections shown by the container `spec.kind`; their subsections by `spec.inner`, unless they say otherwise.
    mutating func renderSections(_ sections: [Section], as spec: ViewSpec, label: String, idPrefix: String) -> String {
        viewCount += 1
        let classes = resolveControls(of: spec.kind, label: label, count: sections.count)
        containers.append(AppearanceContainer.name(for: spec.kind))
        defer { containers.removeLast() }
        switch spec.kind {
        case .list: return list(sections, inner: spec.inner, idPrefix: idPrefix)
        case .paged: return paged(sections, inner: spec.inner, label: label, idPrefix: idPrefix, classes: classes)
        case .tabs: return tabs(sections, inner: spec.inner, label: label, idPrefix: idPrefix, classes: classes)
        case .segmented:
            return segmented(sections, inner: spec.inner, label: label, idPrefix: idPrefix, classes: classes)
        }
    }

    /// Resolves the controls a view shows (UIKit's rules, at build time) and returns their class names by component.
    private mutating func resolveControls(of kind: ViewSpec.Kind, label: String, count: Int) -> [Component: String] {
        var classes: [Component: String] = [:]
        var pagedView: ResolvedStyle?
        // A single page shows no page control (hidesForSinglePage), so it has no colors to resolve or check.
        for instance in ControlInstance.controls(of: kind, in: containers)
        where count > 1 || instance.component != .pageControl {
            let style = appearance.resolve(instance, page: settings.appearance)
            classes[instance.component] = stylesheet.insert(style.style)
            controls.append(AppearanceReport.Control(instance: instance, style: style, label: label))
            if instance.component == .pagedView { pagedView = style }
            if instance.component == .pageControl {
                AppearanceChecks.pageControlContrast(style, pagedView: pagedView, diagnostics: &warnings)
            }
        }
        return classes
    }

    private mutating func nextID(_ kind: ViewSpec.Kind) -> String {
        counters[kind, default: 0] += 1
        return "folio-\(kind.rawValue)-\(counters[kind]!)"
    }

    // MARK: Sections

    private mutating func heading(_ section: Section, idPrefix: String) -> String {
        guard theme.hasCustomHeading else {
            // The default theme's components/heading.mustache, without a template render per heading.
            return Self.defaultHeading(
                level: section.level, id: idPrefix + section.id, title: section.title,
                anchors: section.anchors.map { idPrefix + $0 })
        }
        return theme.render(
            "components/heading",
            ComponentContext.Heading(
                level: section.level, id: idPrefix + section.id, title: section.title,
                anchors: section.anchors.map { idPrefix + $0 }), diagnostics: &warnings)
    }

    /// What the default `components/heading.mustache` renders; each anchor is an empty `<a id>` at the heading's start.
    static func defaultHeading(level: Int, id: String, title: String, anchors: [String] = []) -> String {
        var html = "<h\(level) id=\"\(HTMLEscape.attribute(id))\">"
        for anchor in anchors { html += "<a id=\"\(HTMLEscape.attribute(anchor))\"></a>" }
        return html + "\(title)</h\(level)>\n"
    }

    /// A section's rows, then its subsections: in a container when one is named, else inline.
    private mutating func content(_ section: Section, inner: ViewSpec?, idPrefix: String) -> String {
        let own = FootnoteIDs.prefixed(section.html, idPrefix)
        guard !section.sections.isEmpty else { return own }
        if let spec = section.view ?? inner {
            return own + renderSections(section.sections, as: spec, label: section.text, idPrefix: idPrefix)
        }
        var html = own
        for subsection in section.sections {
            html += heading(subsection, idPrefix: idPrefix)
            html += content(subsection, inner: nil, idPrefix: idPrefix)
        }
        return html
    }

    /// The sections of a container, each with its heading and content rendered.
    private mutating func items(_ sections: [Section], inner: ViewSpec?, idPrefix: String) -> [DirectComponent.Item] {
        sections.map { section in
            DirectComponent.Item(
                sectionID: section.id, anchor: idPrefix + section.id, title: section.title, text: section.text,
                level: section.level, heading: heading(section, idPrefix: idPrefix),
                content: content(section, inner: inner, idPrefix: idPrefix))
        }
    }

    // MARK: Containers

    private mutating func list(_ sections: [Section], inner: ViewSpec?, idPrefix: String) -> String {
        let items = items(sections, inner: inner, idPrefix: idPrefix)
        if theme.directComponents.contains(.list) { return DirectComponent.list(items) }
        return theme.render(
            "components/list", ComponentContext.List(sections: ComponentContext.Item.all(items, as: .listed)),
            diagnostics: &warnings)
    }

    private mutating func paged(
        _ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String, classes: [Component: String]
    ) -> String {
        let viewID = nextID(.paged)
        let items = items(sections, inner: inner, idPrefix: idPrefix)
        if theme.directComponents.contains(.paged) {
            return DirectComponent.paged(
                items, viewID: viewID, label: label, transition: settings.transition.rawValue,
                pagedClass: classes[.pagedView] ?? "", controlClass: classes[.pageControl] ?? "")
        }
        let context = ComponentContext.Paged(
            viewID: viewID, label: label, transition: settings.transition.rawValue,
            pages: ComponentContext.Item.all(items, as: .page, viewID: viewID),
            appearanceClass: classes[.pagedView] ?? "",
            pageControlClass: classes[.pageControl] ?? "")
        return theme.render("components/paged", context, diagnostics: &warnings)
    }

    private mutating func tabs(
        _ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String, classes: [Component: String]
    ) -> String {
        let viewID = nextID(.tabs)
        let items = items(sections, inner: inner, idPrefix: idPrefix)
        if theme.directComponents.contains(.tabs) {
            return DirectComponent.tabs(
                items, viewID: viewID, label: label, group: settings.tabGroup, barClass: classes[.tabBar] ?? "")
        }
        let context = ComponentContext.Tabs(
            viewID: viewID, label: label, group: settings.tabGroup,
            tabs: ComponentContext.Item.all(items, as: .tab, viewID: viewID),
            appearanceClass: classes[.tabBar] ?? "")
        return theme.render("components/tabs", context, diagnostics: &warnings)
    }

    private mutating func segmented(
        _ sections: [Section], inner: ViewSpec?, label: String, idPrefix: String, classes: [Component: String]
    ) -> String {
        let viewID = nextID(.segmented)
        let allPrefix = ViewSpec.allListPrefix(depth: segmentedDepth)
        segmentedDepth += 1
        defer { segmentedDepth -= 1 }
        let paged = renderSections(
            sections, as: ViewSpec([.paged] + (inner?.kinds ?? [])), label: label, idPrefix: idPrefix)
        let list = renderSections(
            sections, as: ViewSpec([.list] + (inner?.kinds ?? [])), label: label, idPrefix: idPrefix + allPrefix)
        let names = settings.segments
        if theme.directComponents.contains(.segmented) {
            return DirectComponent.segmented(
                viewID: viewID, label: label, names: names, controlClass: classes[.segmentedControl] ?? "",
                paged: paged, list: list)
        }
        let context = ComponentContext.Segmented(
            viewID: viewID, label: label, names: names, paged: paged, list: list,
            appearanceClass: classes[.segmentedControl] ?? "")
        return theme.render("components/segmented", context, diagnostics: &warnings)
    }
}
