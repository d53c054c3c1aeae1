import Mustache

/// What a theme's own component templates read (the guide's templates chapter, "Components"): each key answered in
/// one place, from typed values, booleans as `Bool` (`{{selected}}` prints `true` or `false`, and `{{#selected}}`
/// opens only on the selected one).
enum ComponentContext {
    /// `components/heading`.
    struct Heading: MustacheParent {
        var level: Int
        var id: String
        var title: String
        var anchors: [String]

        func child(named name: String) -> Any? {
            switch name {
            case "level": level
            case "id": TemplateText(id)
            case "title": TemplateText(title)
            case "anchors": TemplateList(anchors.map(TemplateText.init))
            default: nil
            }
        }
    }

    /// One section of a container: the list's `sections`, the paged view's `pages`, the tab view's `tabs`.
    struct Item: MustacheParent {
        enum Role { case listed, page, tab }

        let item: DirectComponent.Item
        let role: Role
        /// Its place in the container, from 0, and how many the container holds.
        let index: Int
        let count: Int
        /// The container's id (`folio-paged-1`), which the ids of its pages and tabs start with.
        let viewID: String

        /// Pages and tabs link to their section's anchor; the first is selected and the only tab stop (roving tabindex).
        private var selectable: Bool { role != .listed }

        func child(named name: String) -> Any? {
            switch (name, role) {
            case ("id", _): TemplateText(selectable ? item.anchor : item.sectionID)
            case ("title", _): TemplateText(item.title)
            case ("text", _): TemplateText(item.text)
            case ("level", _): item.level
            case ("heading", _): TemplateText(item.heading)
            case ("content", _): TemplateText(item.content)
            case ("selected", .page), ("selected", .tab): index == 0
            case ("tabindex", .page), ("tabindex", .tab): TemplateText(index == 0 ? "0" : "-1")
            case ("panelId", .page): TemplateText("\(viewID)-page-\(index + 1)")
            case ("dotId", .page): TemplateText("\(viewID)-dot-\(index + 1)")
            case ("position", .page): TemplateText("\(index + 1) of \(count)")
            case ("tabId", .tab): TemplateText("\(viewID)-tab-\(index + 1)")
            case ("panelId", .tab): TemplateText("\(viewID)-panel-\(index + 1)")
            default: nil
            }
        }

        static func all(_ items: [DirectComponent.Item], as role: Role, viewID: String = "") -> [Item] {
            items.indices.map { Item(item: items[$0], role: role, index: $0, count: items.count, viewID: viewID) }
        }
    }

    /// `components/list`.
    struct List: MustacheParent {
        var sections: [Item]

        func child(named name: String) -> Any? { name == "sections" ? TemplateList(sections) : nil }
    }

    /// `components/paged`.
    struct Paged: MustacheParent {
        var viewID: String
        var label: String
        var transition: String
        var pages: [Item]
        var appearanceClass: String
        var pageControlClass: String

        func child(named name: String) -> Any? {
            switch name {
            case "viewId": TemplateText(viewID)
            case "label": TemplateText(label)
            case "transition": TemplateText(transition)
            case "pages": TemplateList(pages)
            // A single page shows no page control (UIKit's hidesForSinglePage).
            case "showControl": pages.count > 1
            case "single": pages.count <= 1
            case "appearanceClass": TemplateText(appearanceClass)
            case "pageControlClass": TemplateText(pageControlClass)
            default: nil
            }
        }
    }

    /// `components/tabs`.
    struct Tabs: MustacheParent {
        var viewID: String
        var label: String
        /// The page's `tabGroup`.
        var group: String?
        var tabs: [Item]
        var appearanceClass: String

        func child(named name: String) -> Any? {
            switch name {
            case "viewId": TemplateText(viewID)
            case "label": TemplateText(label)
            case "group": group.map(TemplateText.init)
            case "tabs": TemplateList(tabs)
            case "appearanceClass": TemplateText(appearanceClass)
            default: nil
            }
        }
    }

    /// `components/segmented`: the paged and list renderings, already rendered, and the two segments.
    struct Segmented: MustacheParent {
        var viewID: String
        var label: String
        /// The segments' names: the paged one's, then the list's.
        var names: [String]
        var paged: String
        var list: String
        var appearanceClass: String

        var pagedPanelID: String { "\(viewID)-pages" }
        var listPanelID: String { "\(viewID)-all" }

        func child(named name: String) -> Any? {
            switch name {
            case "viewId": TemplateText(viewID)
            case "label": TemplateText(label)
            case "paged": TemplateText(paged)
            case "list": TemplateText(list)
            case "appearanceClass": TemplateText(appearanceClass)
            case "pagedPanelId": TemplateText(pagedPanelID)
            case "listPanelId": TemplateText(listPanelID)
            case "pagedSegmentId": TemplateText("\(viewID)-segment-1")
            case "listSegmentId": TemplateText("\(viewID)-segment-2")
            case "segments":
                TemplateList([
                    Segment(name: names[0], id: "\(viewID)-segment-1", panelID: pagedPanelID, selected: true),
                    Segment(name: names[1], id: "\(viewID)-segment-2", panelID: listPanelID, selected: false),
                ])
            default: nil
            }
        }

        struct Segment: MustacheParent {
            var name: String
            var id: String
            var panelID: String
            var selected: Bool

            func child(named key: String) -> Any? {
                switch key {
                case "name": TemplateText(name)
                case "segmentId": TemplateText(id)
                case "panelId": TemplateText(panelID)
                case "selected": selected
                case "tabindex": TemplateText(selected ? "0" : "-1")
                default: nil
                }
            }
        }
    }
}
