import Mustache

/// A string in a template context, in the form swift-mustache renders fastest.
///
/// swift-mustache renders a plain `String` only after failing to cast it to a template, a custom
/// renderable and a lambda, then unwrapping optionals and calling `String(describing:)`; a string
/// that is a section's object is searched with `Mirror` for every name looked up inside the section.
/// This value is a custom renderable (one cast, its text as is) and a parent with no children (no
/// `Mirror`). Transforms such as `{{uppercased(page.title)}}` work as on a `String`.
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable, CustomStringConvertible,
    CustomDebugStringConvertible, Sendable
{
    let string: String

    init(_ string: String) {
        self.string = string
    }

    /// The text, or nothing once the render's budget of bytes is spent (`RenderBudget`).
    var renderText: String { RenderBudget.current?.spend(bytes: string.utf8.count) == false ? "" : string }
    var isNull: Bool { false }
    var description: String { string }
    /// As a `String` shows in a list written whole (`{{page.params.list}}`): quoted.
    var debugDescription: String { string.debugDescription }

    func child(named: String) -> Any? { nil }

    func transform(_ name: String) -> Any? {
        let transformed = string.transform(name)
        return (transformed as? String).map(TemplateText.init) ?? transformed
    }
}

/// A value whose only key is `href`: each of `assets.stylesheets` and `assets.scripts`, and `page.pagination`'s
/// `previous` and `next`.
struct HrefValue: MustacheParent {
    var href: String

    func child(named name: String) -> Any? { name == "href" ? TemplateText(href) : nil }
}
