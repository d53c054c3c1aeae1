/// A render worker's next pages, read ahead so that it never waits for the highlighter: while it renders one group
/// of pages, the files of the next group are read and their fenced code (`CodeFences`) sent to Node.js in one
/// request. By the time a page is parsed its code has been highlighted; its blocks are matched with the answers by
/// content, and one the scan missed is highlighted then, as without read-ahead. Sent page by page instead, each page
/// cost a round trip in which the worker's core sat idle, and Node.js woke up for every page.
///
/// Used by one worker for one run of consecutive pages, in order.
final class ReadAhead {
    /// A page as the worker reads it: its file, and the highlighter that answers its code.
    struct Page {
        var text: Result<String, SourceText.Failure>
        var highlight: ([CodeHighlighter.Block]) -> [String?]
    }

    /// Pages per request: a request per page cost Node.js about 30 µs besides the highlighting.
    static let groupSize = 8

    private let run: Range<Int>
    private let read: (Int) -> Result<String, SourceText.Failure>?
    private let highlighter: CodeHighlighter
    private var texts: [Int: Result<String, SourceText.Failure>] = [:]
    private var groups: [Group] = []
    /// The first page of the run not yet read.
    private var next: Int

    /// The code of a group of pages, sent in one request; `answers` once they are in.
    private final class Group {
        let pages: Range<Int>
        let blocks: [CodeHighlighter.Block]
        let ticket: CodeHighlighter.Ticket
        var answers: [CodeHighlighter.Block: String?]?

        init(pages: Range<Int>, blocks: [CodeHighlighter.Block], ticket: CodeHighlighter.Ticket) {
            self.pages = pages
            self.blocks = blocks
            self.ticket = ticket
        }
    }

    /// `read` gives the text of page `index` of the run, or nil for a page that will not be rendered (it is taken
    /// from the previous output).
    init(
        run: Range<Int>, highlighter: CodeHighlighter = .shared,
        read: @escaping (Int) -> Result<String, SourceText.Failure>?
    ) {
        self.run = run
        self.read = read
        self.highlighter = highlighter
        next = run.lowerBound
    }

    /// Page `index` of the run, read ahead with the pages after it; nil when `read` gave none.
    func page(_ index: Int) -> Page? {
        // The group after this page's is on its way before this page is rendered.
        while next < run.upperBound, next <= index + Self.groupSize {
            send(next..<min(next + Self.groupSize, run.upperBound))
        }
        groups.removeAll { $0.pages.upperBound <= index }
        guard let text = texts.removeValue(forKey: index), let group = groups.first(where: { $0.pages.contains(index) })
        else { return nil }
        return Page(text: text) { [highlighter] blocks in
            if group.answers == nil {
                group.answers = Dictionary(
                    zip(group.blocks, highlighter.answers(group.ticket)), uniquingKeysWith: { first, _ in first })
            }
            let answers = group.answers!
            let missing = blocks.filter { answers[$0] == nil }
            let late =
                missing.isEmpty
                ? [:]
                : Dictionary(zip(missing, highlighter.highlight(missing)), uniquingKeysWith: { first, _ in first })
            return blocks.map { block in
                if let answer = answers[block] { return answer }
                return late[block] ?? nil
            }
        }
    }

    private func send(_ pages: Range<Int>) {
        var blocks: [CodeHighlighter.Block] = []
        var seen: Set<CodeHighlighter.Block> = []
        for index in pages {
            guard let text = read(index) else { continue }
            texts[index] = text
            if case .success(let markdown) = text {
                for block in CodeFences.blocks(in: markdown) where seen.insert(block).inserted { blocks.append(block) }
            }
        }
        groups.append(Group(pages: pages, blocks: blocks, ticket: highlighter.submit(blocks)))
        next = pages.upperBound
    }
}
