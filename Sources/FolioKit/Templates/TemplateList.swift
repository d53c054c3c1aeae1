import Mustache

/// A list in a template context: it renders as an array does, and each item rendered spends one of the render's
/// budget (`RenderBudget`); once that is spent, the list ends. Transforms (`{{count(page.tags)}}`,
/// `{{#reversed(page.tags)}}`) work as on an array.
struct TemplateList<Element>: MustacheSequence, MustacheTransformable, CustomStringConvertible {
    let elements: [Element]

    init(_ elements: [Element]) {
        self.elements = elements
    }

    var isEmpty: Bool { elements.isEmpty }
    var count: Int { elements.count }

    func makeIterator() -> AnyIterator<Element> {
        TemplateList.budgeted(elements.makeIterator())
    }

    /// Items of `iterator` while the render's budget lasts.
    static func budgeted<Base: IteratorProtocol>(_ iterator: Base) -> AnyIterator<Base.Element> {
        var iterator = iterator
        let budget = RenderBudget.current
        return AnyIterator {
            guard let next = iterator.next(), budget?.spendItem() != false else { return nil }
            return next
        }
    }

    func transform(_ name: String) -> Any? {
        switch name {
        case "reversed": TemplateList(elements.reversed())
        case "sorted": (elements.transform(name) as? [Element]).map(TemplateList.init)
        default: elements.transform(name)
        }
    }

    /// What `{{page.tags}}` writes: the array's own description, as before lists were wrapped.
    var description: String { elements.description }
}
