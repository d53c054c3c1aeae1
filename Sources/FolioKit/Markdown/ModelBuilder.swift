import Foundation

/// Markdown text → `TableModel`: sections split at headings, rows, ids, safe links.
struct ModelBuilder {
    struct Input {
        var markdown: String
        /// Lines before the Markdown in its file (the front matter), for diagnostics.
        var lineOffset: Int
        var sourcePath: String
        var displayPath: String
        var pageURL: String
        var sectionLevel: Int
        var unsafeHTML: Bool
        /// True when the front matter gave no title, so the first `#` heading becomes it.
        var titleFromHeading: Bool
        var view: ViewSpec
        var links: LinkPolicy
    }

    struct Output {
        var model: TableModel
        /// The first `#` heading's text, when it became the title.
        var headingTitle: String?
        var diagnostics: [Diagnostic]
        /// Every link and image, for the site's link check.
        var links: [PageLink] = []
    }

    static func build(_ input: Input) -> Output {
        var builder = ModelBuilder(input: input)
        return builder.run()
    }

    private let input: Input
    private let document: MarkdownDocument
    private var diagnostics: [Diagnostic] = []
    private var links: [PageLink] = []
    private var slugger = Slugger()

    private init(input: Input) {
        self.input = input
        self.document = MarkdownDocument(parsing: input.markdown, unsafeHTML: input.unsafeHTML)
    }

    private mutating func run() -> Output {
        applyLinkPolicy()
        var blocks = document.blocks
        var headingTitle: String?
        if input.titleFromHeading,
            let index = blocks.firstIndex(where: { $0.kind == .heading && $0.headingLevel == 1 })
        {
            headingTitle = Self.stripAttributes(of: blocks[index])?.text ?? blocks[index].plainText.trimmingWhitespace()
            blocks.remove(at: index)
        }
        let headings = readHeadings(blocks)

        var intro = ""
        var introRows: [Row] = []
        var top: [Section] = []
        var open: [Section] = []

        func close(downTo level: Int) {
            while let last = open.last, last.level >= level {
                open.removeLast()
                if open.isEmpty { top.append(last) } else { open[open.count - 1].sections.append(last) }
            }
        }

        for block in blocks {
            if block.kind == .heading, let heading = headings[block.line] {
                if heading.level <= input.sectionLevel {
                    close(downTo: 0)
                    open.append(heading.section)
                    continue
                }
                if !open.isEmpty {
                    close(downTo: heading.level)
                    open.append(heading.section)
                    continue
                }
                let html = "<h\(heading.level) id=\"\(heading.section.id)\">\(heading.section.title)</h\(heading.level)>\n"
                intro += html
                introRows.append(Row(kind: .heading, html: html, text: heading.section.text))
                continue
            }
            let (html, rows) = render(block)
            if open.isEmpty {
                intro += html
                introRows += rows
            } else {
                open[open.count - 1].html += html
                open[open.count - 1].rows += rows
            }
        }
        close(downTo: 0)

        let model = TableModel(
            title: headingTitle ?? "", url: input.pageURL, view: input.view,
            intro: intro, introRows: introRows, sections: top)
        return Output(model: model, headingTitle: headingTitle, diagnostics: diagnostics, links: links)
    }

    // MARK: Headings

    private struct Heading {
        var level: Int
        var section: Section
    }

    /// Reads every top-level heading once; custom ids are reserved first so generated ones avoid them.
    private mutating func readHeadings(_ blocks: [MarkdownNode]) -> [Int: Heading] {
        let nodes = blocks.filter { $0.kind == .heading }
        let parsed = nodes.map { node in (node, Self.stripAttributes(of: node)) }
        for (_, split) in parsed { if let id = split?.attributes.id { slugger.reserve(id) } }
        var headings: [Int: Heading] = [:]
        for (node, split) in parsed {
            let text = split?.text ?? node.plainText.trimmingWhitespace()
            let id = split?.attributes.id ?? slugger.uniqueID(for: text)
            var view: ViewSpec?
            if let split {
                view = readView(split.attributes, node: node, offset: split.offset)
                for (key, _) in split.attributes.values where key != "view" {
                    report(.warning, "unknown heading attribute '\(key)'; Folio reads {#id} and {view=…}", at: node)
                }
            }
            let section = Section(
                id: id, title: inlineHTML(of: node), text: text, level: node.headingLevel,
                view: view, line: node.line + input.lineOffset)
            headings[node.line] = Heading(level: node.headingLevel, section: section)
        }
        return headings
    }

    private mutating func readView(_ attributes: HeadingAttributes, node: MarkdownNode, offset: Int) -> ViewSpec? {
        guard let value = attributes.value("view") else { return nil }
        if let view = ViewSpec(parsing: value) { return view }
        let known = ViewSpec.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        report(.error, "unknown view '\(value)' in heading attributes; use one of \(known), or a nesting like 'tabs > paged'",
            at: node, columnOffset: node.headingLevel + 1 + offset)
        return nil
    }

    /// Removes a trailing `{…}` attribute block from the heading's last text node.
    private static func stripAttributes(of heading: MarkdownNode) -> (text: String, attributes: HeadingAttributes, offset: Int)? {
        guard let last = heading.lastChild, last.kind == .text,
            let split = HeadingAttributes.split(last.literal)
        else { return nil }
        let original = last.literal
        let leading = original.prefix { $0 == " " || $0 == "\t" }.count
        let offset = heading.plainText.count - original.count + leading + split.offset
        last.literal = split.text
        return (heading.plainText.trimmingWhitespace(), split.attributes, offset)
    }

    private func inlineHTML(of heading: MarkdownNode) -> String {
        // cmark writes `<hN>` … `</hN>\n`.
        var html = Substring(document.html(heading))
        while html.last == "\n" { html = html.dropLast() }
        guard html.hasPrefix("<h"), html.hasSuffix(">"), let open = html.firstIndex(of: ">") else { return String(html) }
        return String(html[html.index(after: open)...].dropLast(5))
    }

    // MARK: Blocks and rows

    private func render(_ block: MarkdownNode) -> (String, [Row]) {
        switch block.kind {
        case .list:
            var rows: [Row] = []
            var html = block.isOrderedList ? (block.listStart == 1 ? "<ol>\n" : "<ol start=\"\(block.listStart)\">\n") : "<ul>\n"
            for item in block.children {
                let itemHTML = FocusableCode.apply(document.html(item))
                html += itemHTML
                rows.append(Row(kind: .listItem, html: Self.unwrapItem(itemHTML), text: item.plainText.trimmingWhitespace()))
            }
            html += block.isOrderedList ? "</ol>\n" : "</ul>\n"
            return (html, rows)
        default:
            let html = FocusableCode.apply(document.html(block))
            let kind: Row.Kind =
                switch block.kind {
                case .paragraph: .paragraph
                case .codeBlock: .code
                case .blockQuote: .quote
                case .htmlBlock: .html
                case .thematicBreak: .thematicBreak
                case .heading: .heading
                default: .other
                }
            return (html, [Row(kind: kind, html: html, text: block.plainText.trimmingWhitespace())])
        }
    }


    private static func unwrapItem(_ html: String) -> String {
        var inner = Substring(html)
        if inner.hasPrefix("<li>") { inner = inner.dropFirst(4) }
        while inner.last == "\n" { inner = inner.dropLast() }
        if inner.hasSuffix("</li>") { inner = inner.dropLast(5) }
        return String(inner)
    }

    // MARK: Links and raw HTML

    private mutating func applyLinkPolicy() {
        var omittedHTML: MarkdownNode?
        var unsafeNodes: [MarkdownNode] = []
        document.forEachNode { node in
            switch node.kind {
            case .link, .image:
                let written = node.url
                let outcome = input.links.resolve(written, isImage: node.kind == .image, sourcePath: input.sourcePath, pageURL: input.pageURL)
                switch outcome {
                case .keep: break
                case .replace(let url): node.url = url
                case .missingPage: break  // reported by the link check, which knows drafts and suggests a page
                }
                if let link = PageLink(node: node, written: written, outcome: outcome, pageURL: input.pageURL, lineOffset: input.lineOffset) {
                    links.append(link)
                }
            case .htmlBlock, .htmlInline:
                if !input.unsafeHTML {
                    if omittedHTML == nil { omittedHTML = node }
                } else if RawHTMLCheck.hasScriptURL(node.literal) {
                    unsafeNodes.append(node)
                }
            default: break
            }
        }
        if let node = omittedHTML {
            report(.warning, "raw HTML omitted; set 'unsafeHTML: true' in site.yml to keep it", at: node)
        }
        for node in unsafeNodes {
            report(.warning, "raw HTML with a javascript: or vbscript: URL omitted", at: node)
            node.delete()
        }
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ message: String, at node: MarkdownNode, columnOffset: Int = 0) {
        var located: MarkdownNode? = node
        while let current = located, current.line == 0 { located = current.parent }
        let line = (located?.line ?? 1) + input.lineOffset
        let column = (located?.column ?? 1) + columnOffset
        diagnostics.append(Diagnostic(path: input.displayPath, line: line, column: column, severity: severity, message: message))
    }
}
