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
        /// Highlights a page's fenced code (a render worker's answers from code it sent ahead, else the highlighter).
        var highlight: ([CodeHighlighter.Block]) -> [String?] = CodeHighlighter.shared.highlight
    }

    struct Output {
        var model: TableModel
        /// The first `#` heading's text, when it became the title.
        var headingTitle: String?
        /// Every link and image, for the site's link check.
        var links: [PageLink] = []
    }

    /// The model of `input`'s Markdown; its problems go to `diagnostics`.
    static func build(_ input: Input, diagnostics: inout Diagnostics) -> Output {
        var builder = ModelBuilder(input: input)
        let output = builder.run()
        diagnostics.report(builder.diagnostics)
        return output
    }

    private let input: Input
    private let document: MarkdownDocument
    private var diagnostics = Diagnostics()
    private var links: [PageLink] = []
    private var slugger = Slugger()
    /// Anchors (`<a name="x">`) written inside headings, by the heading's line.
    private var headingAnchors: [Int: [String]] = [:]
    private var highlighting = CodeHighlighting()
    /// The top-level blocks, and the items of top-level lists, that hold raw HTML: what `HTMLBalancer` reads.
    private var rawHTMLBlocks: Set<MarkdownNode> = []
    /// The lines of the headings whose sections' rows hold raw HTML (0: the intro's).
    private var rawHTMLSections: Set<Int> = []

    private init(input: Input) {
        self.input = input
        // cmark renders raw HTML as it stands: without `unsafeHTML` the HTML nodes hold only GitHub's safe subset by then.
        self.document = MarkdownDocument(parsing: input.markdown, unsafeHTML: true)
    }

    private mutating func run() -> Output {
        if let deep = document.tooDeep {
            diagnostics.report(
                .error(
                    "Markdown nested more than \(MarkdownDocument.maxDepth) levels deep here (block quotes, lists, emphasis "
                        + "or links inside one another): flatten it", at: input.displayPath,
                    line: deep.line + input.lineOffset,
                    column: deep.column))
        }
        for id in GitHubMarkdown.apply(to: document).ids { slugger.reserve(id) }
        let codeBlocks = applyLinkPolicy()
        highlighting = CodeHighlighting(document, codeBlocks: codeBlocks, highlight: input.highlight)
        var blocks = document.blocks
        var headingTitle: String?
        if input.titleFromHeading,
            let index = blocks.firstIndex(where: { $0.kind == .heading && $0.headingLevel == 1 })
        {
            headingTitle = stripAttributes(of: blocks[index])?.text ?? blocks[index].plainText.trimmingWhitespace()
            blocks.remove(at: index)
        }
        let headings = readHeadings(blocks)
        checkSegmentedCopies(headings.values.map(\.section))

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
                let html = ViewRenderer.defaultHeading(
                    level: heading.level, id: heading.section.id, title: heading.section.title,
                    anchors: heading.section.anchors)
                intro += html
                introRows.append(Row(kind: .heading, html: html, text: heading.section.text))
                continue
            }
            let (html, rows) = render(block)
            if rawHTMLBlocks.contains(block) { rawHTMLSections.insert(open.last?.line ?? 0) }
            if open.isEmpty {
                intro += html
                introRows += rows
            } else {
                open[open.count - 1].html += html
                open[open.count - 1].rows += rows
            }
        }
        close(downTo: 0)

        var model = TableModel(
            title: headingTitle ?? "", url: input.pageURL, view: input.view,
            intro: intro, introRows: introRows, sections: top)
        if !rawHTMLSections.isEmpty { balanceRawHTML(&model) }
        return Output(model: model, headingTitle: headingTitle, links: links)
    }

    // MARK: Headings

    private struct Heading {
        var level: Int
        var section: Section
    }

    /// Reads every top-level heading once; custom ids are reserved first so generated ones avoid them. A heading in a
    /// list item or a block quote gets an id too, as on GitHub, in the order of the page.
    private mutating func readHeadings(_ blocks: [MarkdownNode]) -> [Int: Heading] {
        var order: [MarkdownNode] = []
        for block in blocks {
            switch block.kind {
            case .heading: order.append(block)
            case .list, .item, .blockQuote, .customBlock: Self.collectHeadings(in: block, into: &order)
            default: break  // a paragraph's children are inline: no heading there
            }
        }
        let parsed = order.map { node in node.parent?.parent == nil ? (node, stripAttributes(of: node)) : (node, nil) }
        for (_, split) in parsed {
            if let id = split?.attributes.id { slugger.reserve(ReservedIDs.authorID(id)) }
        }
        var headings: [Int: Heading] = [:]
        /// The line of the first heading that chose each id.
        var chosen: [String: Int] = [:]
        for (node, split) in parsed {
            guard node.parent?.parent == nil else {
                let id = slugger.uniqueID(for: Self.slugText(of: node))
                Self.give(node, id: id, anchors: (headingAnchors[node.line] ?? []).filter { $0 != id })
                continue
            }
            let text = split?.text ?? node.plainText.trimmingWhitespace()
            var id = split?.attributes.id ?? slugger.uniqueID(for: Self.slugText(of: node))
            var view: ViewSpec?
            if let split {
                if let written = split.attributes.id {
                    let custom = ReservedIDs.authorID(written)
                    id = custom
                    if custom != written {
                        // The page's main element or a control of its views would share the id.
                        report(
                            .warning,
                            "heading id '\(written)' is one Folio writes itself on the page: this heading gets "
                                + "'\(custom)'; choose another with {#…}", at: node,
                            columnOffset: node.headingLevel + 1 + split.offset)
                    }
                    if let first = chosen[custom] {
                        // Two elements with one id: links and the views' controls would find only the first.
                        id = slugger.uniqueID(after: custom)
                        report(
                            .warning,
                            "heading id '\(custom)' is already the id of the heading on line \(first + input.lineOffset): "
                                + "this one gets '\(id)'; give it an id of its own with {#…}", at: node,
                            columnOffset: node.headingLevel + 1 + split.offset)
                    } else {
                        chosen[custom] = node.line
                    }
                }
                view = readView(split.attributes, node: node, offset: split.offset)
                for (key, _) in split.attributes.values where key != "view" {
                    report(.warning, "unknown heading attribute '\(key)'; Folio reads {#id} and {view=…}", at: node)
                }
            }
            var title = inlineHTML(of: node)
            if rawHTMLBlocks.contains(node) { title = HTMLBalancer.balanced(title) }
            let section = Section(
                id: id, title: title, text: text, level: node.headingLevel,
                view: view, line: node.line + input.lineOffset,
                anchors: (headingAnchors[node.line] ?? []).filter { $0 != id })
            headings[node.line] = Heading(level: node.headingLevel, section: section)
        }
        return headings
    }

    /// What GitHub makes a heading's id from: the text of its HTML, images' alt text left out (`![logo](x.png) Setup`
    /// gives `-setup`, as the space before the word stays).
    private static func slugText(of heading: MarkdownNode) -> String {
        var text = Substring(heading.textContent)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }

    /// The headings inside `block` (a list, a block quote, an alert), in the order of the page.
    private static func collectHeadings(in block: MarkdownNode, into headings: inout [MarkdownNode]) {
        var next = block.firstChild
        while let child = next {
            switch child.kind {
            case .heading: headings.append(child)
            case .list, .item, .blockQuote, .customBlock: collectHeadings(in: child, into: &headings)
            default: break
            }
            next = child.next
        }
    }

    /// Gives a heading that is not a section's its id and the anchors written in it (`<a name>`), as a section's heading
    /// has them: cmark writes no attributes, so it becomes a block holding an inline node that writes the heading's
    /// tags around the same children.
    private static func give(_ heading: MarkdownNode, id: String, anchors: [String]) {
        let level = heading.headingLevel
        let block = MarkdownNode.custom(.customBlock, enter: "")
        var start = "<h\(level) id=\"\(HTMLEscape.attribute(id))\">"
        for anchor in anchors { start += "<a id=\"\(HTMLEscape.attribute(anchor))\"></a>" }
        let tags = MarkdownNode.custom(.customInline, enter: start, exit: "</h\(level)>")
        for child in heading.children {
            child.unlink()
            tags.append(child)
        }
        block.append(tags)
        heading.insertBefore(block)
        heading.delete()
    }

    /// A segmented view repeats its sections with `all-` before every id, so `## All options` beside `## Options` would
    /// give two elements the id `all-options`.
    private mutating func checkSegmentedCopies(_ sections: [Section]) {
        let segmented =
            input.view.kinds.contains(.segmented) || sections.contains { $0.view?.kinds.contains(.segmented) == true }
        guard segmented else { return }
        let ids = Set(sections.flatMap { [$0.id] + $0.anchors })
        for section in sections.sorted(by: { $0.line < $1.line })
        where section.id.hasPrefix("all-") && ids.contains(String(section.id.dropFirst(4))) {
            diagnostics.report(
                Diagnostic(
                    path: input.displayPath, line: section.line, column: 1, severity: .warning,
                    message:
                        "heading id '\(section.id)' is also the segmented view's id for '#\(section.id.dropFirst(4))' in its list; give this heading an id of its own with {#…}"
                ))
        }
    }

    private mutating func readView(_ attributes: HeadingAttributes, node: MarkdownNode, offset: Int) -> ViewSpec? {
        guard let value = attributes.value("view") else { return nil }
        if let view = ViewSpec(parsing: value) { return view }
        let known = ViewSpec.Kind.allCases.map(\.rawValue).joined(separator: ", ")
        report(
            .error,
            "unknown view '\(value)' in heading attributes; use one of \(known), or a nesting like 'tabs > paged'",
            at: node, columnOffset: node.headingLevel + 1 + offset)
        return nil
    }

    /// Removes a trailing `{…}` attribute block from the heading's last text node; one whose `{` is escaped
    /// (`## Literal \{#x}`) is text.
    private func stripAttributes(of heading: MarkdownNode) -> (
        text: String, attributes: HeadingAttributes, offset: Int
    )? {
        guard let last = heading.lastChild, last.kind == .text,
            let split = HeadingAttributes.split(last.literal), !endsInEscapedBrace(heading)
        else { return nil }
        let original = last.literal
        let leading = original.prefix { $0 == " " || $0 == "\t" }.count
        let offset = heading.plainText.count - original.count + leading + split.offset
        last.literal = split.text
        return (heading.plainText.trimmingWhitespace(), split.attributes, offset)
    }

    /// Whether the last `{` of the heading's source is escaped by a backslash: cmark's text shows it unescaped.
    private func endsInEscapedBrace(_ heading: MarkdownNode) -> Bool {
        let lines = document.sourceLines
        var line = min(heading.endLine, lines.count)
        while line >= max(heading.line, 1) {
            let text = lines[line - 1]
            if let brace = text.lastIndex(of: "{") {
                let backslashes = text[..<brace].reversed().prefix { $0 == "\\" }.count
                return backslashes % 2 == 1
            }
            line -= 1
        }
        return false
    }

    private func inlineHTML(of heading: MarkdownNode) -> String {
        // cmark writes `<hN>` … `</hN>\n`.
        var html = Substring(document.html(heading))
        while html.last == "\n" { html = html.dropLast() }
        guard html.hasPrefix("<h"), html.hasSuffix(">"), let open = html.firstIndex(of: ">") else {
            return String(html)
        }
        return String(html[html.index(after: open)...].dropLast(5))
    }

    // MARK: Blocks and rows

    /// A block's HTML as the page shows it: highlighted code swapped in, code blocks focusable, short words of code
    /// kept whole. Both code block steps look for `<pre><code`: one look for `<pre` spares most rows both.
    private func finished(_ html: String) -> String {
        let code = ByteSearch.contains(html, "<pre") ? FocusableCode.apply(highlighting.apply(html)) : html
        return InlineCodeWords.apply(code)
    }

    private func render(_ block: MarkdownNode) -> (String, [Row]) {
        switch block.kind {
        case .list:
            var rows: [Row] = []
            var html =
                block.isOrderedList
                ? (block.listStart == 1 ? "<ol>\n" : "<ol start=\"\(block.listStart)\">\n") : "<ul>\n"
            for item in block.children {
                let itemHTML = finished(document.html(item))
                html += itemHTML
                var row = Self.unwrapItem(itemHTML)
                if rawHTMLBlocks.contains(item) { row = HTMLBalancer.balanced(row) }
                rows.append(Row(kind: .listItem, html: row, text: item.plainText.trimmingWhitespace()))
            }
            html += block.isOrderedList ? "</ol>\n" : "</ul>\n"
            return (html, rows)
        default:
            let html = finished(document.html(block))
            let kind: Row.Kind =
                switch block.kind {
                case .paragraph: .paragraph
                case .codeBlock: .code
                case .blockQuote: .quote
                case .htmlBlock: .html
                case .thematicBreak: .thematicBreak
                case .heading: .heading
                case .customBlock: GitHubMarkdown.rowKind(of: block) ?? .other
                default: .other
                }
            let row = rawHTMLBlocks.contains(block) ? HTMLBalancer.balanced(html) : html
            return (html, [Row(kind: kind, html: row, text: block.plainText.trimmingWhitespace())])
        }
    }

    /// Raw HTML kept within each piece of the page that is shown on its own (`HTMLBalancer`): the intro and the
    /// sections' rows, in the order of the page (a `<div>` one leaves open goes on in the next); each heading and each
    /// row is balanced on its own as it is made. An element other than a `<div>` left open at a heading (`<details>`
    /// around one) ends before it, with a warning.
    private mutating func balanceRawHTML(_ model: inout TableModel) {
        var balancer = HTMLBalancer()
        func balance(_ html: inout String, line: Int) {
            guard rawHTMLSections.contains(line) || balancer.reopens else { return }
            html = balancer.balance(html)
            if balancer.tooDeep {
                warn(
                    "raw HTML left open here nests more than \(HTMLBalancer.maxDepth) elements deep, far past where "
                        + "browsers stop nesting them: Folio cannot keep it within its section; close the elements you open",
                    line: line == 0 ? input.lineOffset + 1 : line)
            }
        }
        func balance(_ sections: inout [Section]) {
            for index in sections.indices {
                for name in balancer.takeClosedAtEnd() {
                    warn(
                        "raw HTML <\(name)> opened above is still open at this heading: Folio shows each section on "
                            + "its own and closes it before the heading; close it above the heading",
                        line: sections[index].line)
                }
                balance(&sections[index].html, line: sections[index].line)
                balance(&sections[index].sections)
            }
        }
        balance(&model.intro, line: 0)
        balance(&model.sections)
    }

    /// The top-level block that holds `node`, and the item of a top-level list that does.
    private static func blocks(holding node: MarkdownNode) -> [MarkdownNode] {
        var blocks: [MarkdownNode] = []
        var current = node
        while let parent = current.parent {
            if parent.kind == .list, parent.parent?.parent == nil { blocks.append(current) }
            guard parent.parent != nil else {
                blocks.append(current)
                break
            }
            current = parent
        }
        return blocks
    }

    private mutating func warn(_ message: String, line: Int) {
        diagnostics.report(
            Diagnostic(path: input.displayPath, line: line, column: 1, severity: .warning, message: message))
    }

    /// Read as UTF-8: dropping characters from a Substring walks grapheme clusters, and every list item asks.
    private static func unwrapItem(_ html: String) -> String {
        var inner = Substring(html).utf8
        if inner.starts(with: "<li>".utf8) { inner = inner.dropFirst(4) }
        while inner.last == UInt8(ascii: "\n") { inner = inner.dropLast() }
        if inner.reversed().starts(with: ">il/<".utf8) { inner = inner.dropLast(5) }
        return String(Substring(inner))
    }

    // MARK: Links and raw HTML

    /// Rewrites links and keeps raw HTML safe; returns the code blocks, for highlighting.
    private mutating func applyLinkPolicy() -> [MarkdownNode] {
        var htmlNodes: [MarkdownNode] = []
        var hasRawHTML = false
        var codeBlocks: [MarkdownNode] = []
        document.forEachNode { node in
            switch node.kind {
            case .link, .image:
                let written = node.url
                let outcome = input.links.resolve(
                    written, isImage: node.kind == .image, sourcePath: input.sourcePath, pageURL: input.pageURL)
                switch outcome {
                case .keep: break
                case .replace(let url, _): node.url = url
                case .missingPage: break  // reported by the link check, which knows drafts and suggests a page
                }
                if let link = PageLink(
                    node: node, written: written, outcome: outcome, pageURL: input.pageURL, lineOffset: input.lineOffset
                ) {
                    links.append(link)
                }
            case .htmlBlock, .htmlInline:
                hasRawHTML = true
                htmlNodes.append(node)
            case .text:
                htmlNodes.append(node)
            case .codeBlock:
                codeBlocks.append(node)
            default: break
            }
        }
        // The text nodes are kept for the sanitizer, which empties those inside an element it drops: a page without
        // raw HTML has nothing for any step below to do.
        guard hasRawHTML else { return codeBlocks }
        for node in htmlNodes where node.kind != .text { rawHTMLBlocks.formUnion(Self.blocks(holding: node)) }
        readHeadingAnchors(htmlNodes)
        if input.unsafeHTML {
            _ = escapeUnclosed(htmlNodes, elements: HTMLAllowList.tagFilter)
            for node in htmlNodes where node.kind != .text && RawHTMLCheck.mayHoldRefusedURL(node.literal) {
                if let kept = ScriptURLs.removed(from: node.literal, inlineTag: node.kind == .htmlInline) {
                    node.literal = kept.html
                    var told: Set<HTMLSanitizer.Omission> = []
                    for omission in kept.omissions where told.insert(omission).inserted {
                        report(.warning, omission.message, at: node)
                    }
                } else {
                    report(.warning, "raw HTML with a javascript: or vbscript: URL omitted", at: node)
                    node.delete()
                }
            }
        } else {
            sanitize(htmlNodes)
        }
        return codeBlocks
    }

    /// `<a name="x">` or `<a id="x">` (no `href`) inside a heading: the heading gets the anchor, the tags go.
    private mutating func readHeadingAnchors(_ nodes: [MarkdownNode]) {
        var open: [Int: Int] = [:]
        for node in nodes where node.kind == .htmlInline {
            guard let heading = node.enclosingHeading else { continue }
            let literal = node.literal
            if literal.hasPrefix("</") {
                if literal.lowercased().hasPrefix("</a"), let count = open[heading.line], count > 0 {
                    open[heading.line] = count - 1
                    node.literal = ""
                }
                continue
            }
            guard let anchor = HeadingAnchor.read(literal) else { continue }
            headingAnchors[heading.line, default: []].append(HTMLSanitizer.authorID(anchor))
            open[heading.line, default: 0] += 1
            node.literal = ""
        }
    }

    /// Writes as text each inline start tag of `elements` that nothing in its paragraph closes
    /// (`HTMLSanitizer.unclosedDroppedElements`); returns those nodes, which the sanitizer leaves as they are now.
    private func escapeUnclosed(_ nodes: [MarkdownNode], elements: Set<String>) -> Set<MarkdownNode> {
        let inline = nodes.filter { $0.kind == .htmlInline }
        let unclosed = HTMLSanitizer.unclosedDroppedElements(
            inline.map { ($0.literal, $0.parent) }, elements: elements)
        for index in unclosed { inline[index].literal = HTMLEscape.text(inline[index].literal) }
        return Set(unclosed.map { inline[$0] })
    }

    /// Keeps GitHub's safe subset of raw HTML, with one warning for each kind of thing left out.
    private mutating func sanitize(_ nodes: [MarkdownNode]) {
        let (policy, sourcePath, pageURL) = (input.links, input.sourcePath, input.pageURL)
        let rewriteURL: @Sendable (String, Bool) -> String = { written, isImage in
            if case .replace(let url, _) = policy.resolve(
                written, isImage: isImage, sourcePath: sourcePath, pageURL: pageURL)
            {
                return url
            }
            return written
        }
        var sanitizer = HTMLSanitizer(rewriteURL: rewriteURL)
        var parent: MarkdownNode?
        let escaped = escapeUnclosed(nodes, elements: HTMLAllowList.droppedWithContent)
        var checked = 0
        for node in nodes where !escaped.contains(node) {
            let kind = node.kind
            if kind == .text {
                if sanitizer.dropsText, node.parent == parent { node.literal = "" }
                continue
            }
            let reported = sanitizer.omissions.count
            let written = node.literal
            switch kind {
            case .htmlBlock:
                node.literal = sanitizer.sanitizeBlock(node.literal)
            default:
                if node.parent != parent {
                    sanitizer = HTMLSanitizer(omissions: sanitizer.omissions, rewriteURL: rewriteURL)
                    checked = 0
                }
                parent = node.parent
                node.literal = sanitizer.sanitizeTag(node.literal)
            }
            for index in reported..<sanitizer.omissions.count {
                // A block's omission at its tag's line; an inline tag is a node of its own, where it stands.
                report(
                    .warning, sanitizer.omissions[index].message, at: node,
                    offset: kind == .htmlBlock ? sanitizer.omissionOffsets[index] : nil, in: written)
            }
            checkLinks(sanitizer.links[checked...], in: written, at: node)
            checked = sanitizer.links.count
        }
    }

    /// The links and images of a node of raw HTML, for the site's link check, as those written in Markdown are: each
    /// at its tag (the check tells links apart by where they stand).
    private mutating func checkLinks(
        _ written: ArraySlice<(written: String, isImage: Bool, offset: Int)>, in html: String, at node: MarkdownNode
    ) {
        for (url, isImage, offset) in written {
            let outcome = input.links.resolve(
                url, isImage: isImage, sourcePath: input.sourcePath, pageURL: input.pageURL)
            guard
                var link = PageLink(
                    node: node, written: url, outcome: outcome, pageURL: input.pageURL, lineOffset: input.lineOffset,
                    isImage: isImage)
            else { continue }
            // An inline tag is a node of its own, where it stands; a block's tags are found in its text.
            guard node.kind == .htmlBlock else {
                links.append(link)
                continue
            }
            (link.line, link.column) = Self.position(of: offset, in: html, line: link.line, column: link.column)
            links.append(link)
        }
    }

    /// Where byte `offset` of a raw HTML block's text stands, the block starting at `line` and `column`.
    static func position(of offset: Int, in html: String, line: Int, column: Int) -> (line: Int, column: Int) {
        let before = html.utf8.prefix(offset)
        let lines = before.count { $0 == UInt8(ascii: "\n") }
        let lineStart =
            before.lastIndex(of: UInt8(ascii: "\n")).map { before.distance(from: before.startIndex, to: $0) + 1 } ?? 0
        return (line + lines, lines == 0 ? column + offset : offset - lineStart + 1)
    }

    /// `offset`: where in `html`, the node's raw HTML, the problem stands (nil: at the node).
    private mutating func report(
        _ severity: Diagnostic.Severity, _ message: String, at node: MarkdownNode, columnOffset: Int = 0,
        offset: Int? = nil, in html: String = ""
    ) {
        var located: MarkdownNode? = node
        while let current = located, current.line == 0 { located = current.parent }
        var line = (located?.line ?? 1) + input.lineOffset
        var column = (located?.column ?? 1) + columnOffset
        if let offset { (line, column) = Self.position(of: offset, in: html, line: line, column: column) }
        diagnostics.report(
            Diagnostic(path: input.displayPath, line: line, column: column, severity: severity, message: message))
    }
}
