import Foundation
import Mustache

/// The templates, assets and appearance file of a theme: the user's `Templates/` over the default theme in the binary.
public struct Theme: Sendable {
    /// A file of the theme: from the user's folder, or embedded in `folio`.
    public struct File: Sendable, Equatable {
        /// Path relative to the theme root (`layouts/default.mustache`).
        public var path: String
        /// What to show in messages: the user's path, or `(default theme)/…`.
        public var displayPath: String
        public var bytes: [UInt8]
    }

    let library: MustacheLibrary
    /// Template names by their number in `IncludeChain`'s wrappers.
    let templateNames: [String]
    /// Where each template includes others: to place an include chain that goes too deep.
    let includes: [String: Includes]
    /// The partials without a single tag, by name: what Mustache would render them as is their text.
    let plainPartials: [String: String]
    /// Every file of the theme, the user's over the default's: what a build's output depends on.
    let files: [File]
    public let layouts: Set<String>
    /// `assets/**` files, by path below `assets/`.
    public let assets: [String: File]
    /// Where a build writes the asset `name` (a path below `assets/`).
    static func assetPath(_ name: String) -> OutputPath { OutputPath("assets/" + name) }
    public let appearance: File?
    /// False while `components/heading` is the default theme's, which the view renderer then writes directly.
    let hasCustomHeading: Bool
    /// False while `partials/tree-item` is the default theme's, which the sidebar then writes directly.
    let hasCustomTreeItem: Bool
    /// The partials still the default theme's, which pages then write directly.
    let directPartials: Set<DirectPartial>
    /// The container components still the default theme's, which the view renderer then writes directly.
    let directComponents: Set<ViewSpec.Kind>
    /// The default layout is the default theme's: pages are written directly around its partials (each written
    /// directly too while it is the default theme's, else rendered by Mustache).
    let directLayout: Bool

    /// Loads the theme, reporting template syntax errors and missing partials with their positions.
    /// `followSymlinks`: site.yml's setting, for links in the theme folder whose target lies outside it.
    public static func load(directory: String?, followSymlinks: Bool = false, diagnostics: inout Diagnostics) -> Theme {
        let files = files(directory: directory, followSymlinks: followSymlinks, diagnostics: &diagnostics)
        return load(files, diagnostics: &diagnostics)
    }

    /// The theme's files, by path: the user's folder over the default theme (what `load` parses).
    static func files(directory: String?, followSymlinks: Bool, diagnostics: inout Diagnostics) -> [String: File] {
        var files: [String: File] = [:]
        for (path, bytes) in DefaultTheme.files {
            files[path] = File(path: path, displayPath: "(default theme)/" + path, bytes: bytes)
        }
        if let directory {
            for path in FileTree.list(directory, followSymlinks: followSymlinks, diagnostics: &diagnostics) {
                let displayPath = FileTree.display(directory, path)
                switch SourceText.bytes(directory + "/" + path) {
                case .success(let bytes): files[path] = File(path: path, displayPath: displayPath, bytes: bytes)
                case .failure(let failure): diagnostics.report(SourceText.diagnostic(failure, at: displayPath))
                }
            }
        }
        return files
    }

    /// The theme made of `files`, its templates parsed and checked.
    static func load(_ files: [String: File], diagnostics: inout Diagnostics) -> Theme {
        let contents = files.mapValues(\.bytes)
        let direct = DirectPartial.unchanged(in: contents)
        var library = MustacheLibrary()
        var layouts: Set<String> = []
        var texts: [(name: String, file: File, text: String)] = []
        var names: [String] = []
        var assets: [String: File] = [:]
        /// Templates with a syntax error: they exist, and the templates including them are not told otherwise.
        var unparsed: Set<String> = []
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = file
                continue
            }
            guard path.hasSuffix(".mustache"), let name = templateName(path) else { continue }
            // A layout that fails to load still exists: pages naming it get its error, not "unknown layout".
            if path.hasPrefix("layouts/") { layouts.insert(String(name.dropFirst("layouts/".count))) }
            let text: String
            switch SourceText.decode(file.bytes) {
            case .success(let decoded): text = decoded
            case .failure(let failure):
                diagnostics.report(SourceText.diagnostic(failure, at: file.displayPath, what: "the template"))
                unparsed.insert(name)
                continue
            }
            if let reserved = IncludeChain.reservedNamePosition(in: text) {
                // A template naming the wrappers' sections could undo the depth count.
                diagnostics.report(
                    .error(
                        "'\(IncludeChain.enterPrefix)…', '\(IncludeChain.bodyPrefix)…' and '\(DirectPartial.prefix)…' "
                            + "are names Folio keeps for "
                            + "itself in templates: rename this", at: file.displayPath, line: reserved.line,
                        column: reserved.column))
                continue
            }
            do {
                let replacement = direct.first { "partials/\($0.rawValue).mustache" == path }
                let registered = replacement?.template ?? text
                let template = try MustacheTemplate(string: registered)
                if IncludeChain.includesNothing(registered) {
                    // It cannot recurse: registered as itself (the wrapper's lookups cost more than a small partial).
                    library.register(template, named: name)
                } else {
                    // The template itself under a hidden name, behind a wrapper that counts how deep includes go.
                    library.register(template, named: IncludeChain.bodyPrefix + String(names.count))
                    library.register(
                        try MustacheTemplate(string: IncludeChain.wrapper(number: names.count)), named: name)
                    names.append(name)
                }
                texts.append((name, file, text))
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.report(TemplateSyntax.diagnostic(error, in: text, at: file.displayPath))
                unparsed.insert(name)
            } catch {
                diagnostics.report(.error("template syntax: \(error)", at: file.displayPath))
                unparsed.insert(name)
            }
        }
        var includes: [String: Includes] = [:]
        for (name, file, text) in texts {
            let references = PartialReference.scan(text)
            includes[name] = Includes(displayPath: file.displayPath, references: references, size: file.bytes.count)
            for reference in references
            where library.getTemplate(named: reference.name) == nil && !unparsed.contains(reference.name) {
                diagnostics.report(
                    .error(
                        "missing partial '\(reference.name)': add Templates/partials/\(reference.name).mustache",
                        at: file.displayPath, line: reference.line, column: reference.column))
            }
        }
        IncludeCount.check(includes, diagnostics: &diagnostics)
        let heading = "components/heading.mustache"
        var plain: [String: String] = [:]
        for (name, file, text) in texts where file.path.hasPrefix("partials/") && !text.contains("{{") {
            plain[name] = text
        }
        return Theme(
            library: library, templateNames: names, includes: includes, plainPartials: plain,
            files: Array(files.values), layouts: layouts,
            assets: assets,
            appearance: files["appearance.yml"],
            hasCustomHeading: files[heading]?.bytes != DefaultTheme.files[heading],
            hasCustomTreeItem: files["partials/tree-item.mustache"]?.bytes
                != DefaultTheme.files["partials/tree-item.mustache"], directPartials: direct,
            directComponents: DirectComponent.unchanged(in: contents),
            directLayout: DirectLayout.applies(to: contents))
    }

    /// `layouts/x.mustache` → `layouts/x`, `components/x.mustache` → `components/x`, `partials/x.mustache` → `x`.
    static func templateName(_ path: String) -> String? {
        let bare = String(path.dropLast(".mustache".count))
        if bare.hasPrefix("partials/") { return String(bare.dropFirst("partials/".count)) }
        if bare.hasPrefix("layouts/") || bare.hasPrefix("components/") { return bare }
        return nil
    }

    /// The `{{> name}}` and `{{< name}}` tags of one template.
    struct Includes: Sendable {
        var displayPath: String
        var references: [PartialReference.Reference]
        /// The template's own bytes.
        var size = 0
    }

    /// Renders a template; an include chain deeper than `IncludeChain.maxDepth` is stopped and reported.
    /// `enclosing`: the template that includes this one, when it is rendered alone in its place.
    func render(
        _ template: String, _ context: some MustacheParent, enclosing: String? = nil, diagnostics: inout Diagnostics
    ) -> String {
        let chain = IncludeChain(context, names: templateNames, enclosing: enclosing)
        let budget = RenderBudget { chain.innermost }
        guard let html = budget.measure({ library.render(chain, withTemplate: template) }) else {
            // The build checks every page's layout first and the default theme has every component, so this is a
            // bug: reported, never an empty page.
            diagnostics.report(.error("the template '\(template)' does not exist in the theme", at: "(templates)"))
            return ""
        }
        if let stopped = chain.stopped { diagnostics.report(tooDeep(stopped)) }
        if budget.isExceeded { diagnostics.report(overBudget(budget, in: budget.exceededIn ?? template)) }
        return html
    }

    /// The error for a render that went past its budget, at the template being rendered when it did.
    private func overBudget(_ budget: RenderBudget, in template: String) -> Diagnostic {
        let what = "this template (or a partial it includes)"
        let message =
            if budget.items > RenderBudget.maxItems {
                "\(what) renders more than \(RenderBudget.maxItems) items of lists for one page: loops over lists "
                    + "inside one another multiply (60 sections inside 60 sections, six deep, are 60⁶ items); loop "
                    + "over a list once, or over each item's own list ({{#sections}}{{#rows}})"
            } else if budget.bytes > RenderBudget.maxBytes {
                "\(what) writes more than \(ByteCount.describe(RenderBudget.maxBytes)) for one page: a value written "
                    + "inside a loop is written once for each item ({{{page.content}}} inside {{#page.sections}}); "
                    + "write it once, outside the loop"
            } else {
                "\(what) took more than \(ByteCount.describe(RenderBudget.maxGrowth)) of memory for one page: the "
                    + "text inside a loop is written once for each item, and inside loops inside one another once "
                    + "for each of their items multiplied; move long text out of the loops"
            }
        return .error(message, at: includes[template]?.displayPath ?? "(templates)")
    }

    /// A page's layout, as the bytes of its file: the default layout, while the theme keeps it, written directly
    /// (and its bytes not made into a String: checking a whole page's UTF-8 again costs more than writing it), with
    /// a partial of the theme's own rendered by Mustache in its place.
    func renderLayout(_ template: String, _ context: LayoutContext, diagnostics: inout Diagnostics) -> [UInt8] {
        guard directLayout, template == DirectLayout.template else {
            return Array(render(template, context, diagnostics: &diagnostics).utf8)
        }
        return DirectLayout.page(context) { partial in
            plainPartials[partial.rawValue]
                ?? render(partial.rawValue, context, enclosing: template, diagnostics: &diagnostics)
        }
    }

    /// The error for an include chain that went too deep, at the include that went one level too far.
    private func tooDeep(_ chain: [String]) -> Diagnostic {
        let message =
            "templates include one another more than \(IncludeChain.maxDepth) levels deep: "
            + IncludeChain.describe(chain) + "; make the recursion end, e.g. by including the partial only inside "
            + "a section over data that runs out, like {{#children}}{{> tree}}{{/children}}"
        guard chain.count >= 2, let outer = includes[chain[chain.count - 2]] else {
            return .error(message, at: includes[chain.last ?? ""]?.displayPath ?? "(templates)")
        }
        let reference = outer.references.first { $0.name == chain[chain.count - 1] }
        return .error(message, at: outer.displayPath, line: reference?.line ?? 1, column: reference?.column ?? 1)
    }
}

/// `{{> name}}` and `{{< name}}` tags in a template's text, with their positions.
enum PartialReference {
    struct Reference: Equatable, Sendable {
        var name: String
        var line: Int
        var column: Int
    }

    static func scan(_ text: String) -> [Reference] {
        var references: [Reference] = []
        var line = 1
        var column = 1
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", text[index...].hasPrefix("{{>") || text[index...].hasPrefix("{{<") {
                let start = text.index(index, offsetBy: 3)
                if let close = text[start...].firstIndex(of: "}") {
                    let name = text[start..<close].trimmingWhitespace()
                    if !name.isEmpty, !name.hasPrefix("*") {
                        references.append(Reference(name: name, line: line, column: column))
                    }
                }
            }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = text.index(after: index)
        }
        return references
    }
}
