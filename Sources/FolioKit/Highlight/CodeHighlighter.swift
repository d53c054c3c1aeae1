import Foundation

/// Syntax highlighting at build time with highlight.js (Debian's `node-highlight.js`) in one long-lived Node.js worker,
/// fed requests of code blocks (a render worker sends its next pages' code in one: `ReadAhead`), answered in order.
/// Without Node.js or highlight.js, code stays plain and the build says so once.
/// `FOLIO_HIGHLIGHT=off` turns highlighting off (the benchmark's comparison build).
final class CodeHighlighter: @unchecked Sendable {
    static let shared = CodeHighlighter()

    struct Block: Hashable, Sendable {
        var grammar: String
        var code: String
    }

    private let setup: Setup
    /// Held while a request is written: requests reach the worker in the order their tickets are queued.
    private let writing = NSLock()
    /// Held while answers are read: one thread reads the worker's output at a time, for whichever tickets come first.
    private let reading = NSLock()
    /// Guards everything below (never held while reading or writing the pipes).
    private let state = NSLock()
    private var started = false
    private var process: Process?
    private var input: FileHandle?
    private var output: Int32 = -1
    /// The worker's output read and not yet taken, from `taken` on (used only while `reading` is held).
    private var pending: [UInt8] = []
    private var taken = 0
    /// Requests written and not yet answered, oldest first: the worker answers in order.
    private var queue: [Ticket] = []
    /// Code blocks that stayed plain because the highlighter could not run, since the process started.
    private var missed = 0
    /// Requests sent to Node.js so far.
    private var sent = 0
    private var failure: String?
    /// Blocks whose highlighted HTML is known without asking Node.js (`remember`).
    private var known: [Block: String] = [:]

    /// A request sent to the worker, answered later: `answers(_:)` waits for it. A render worker sends the blocks of
    /// its next pages this way and renders the pages before them meanwhile, so that it rarely waits for Node.js.
    final class Ticket: @unchecked Sendable {
        let count: Int
        /// Set once, under the highlighter's `state` lock.
        fileprivate var answers: [String?]?

        fileprivate init(count: Int, answers: [String?]? = nil) {
            self.count = count
            self.answers = answers
        }
    }

    /// Where highlight.js and Node.js are, or why highlighting is off.
    struct Setup: Sendable {
        var node: String?
        var library: String?
        var disabled: Bool

        var isUsable: Bool { !disabled && node != nil && library != nil }

        /// Part of the build cache's key: pages are rendered again when highlighting comes or goes.
        var cacheKey: String {
            disabled ? "highlight:off" : isUsable ? "highlight:hljs:\(library!)" : "highlight:absent"
        }
    }

    static let setup: Setup = {
        let environment = ProcessInfo.processInfo.environment
        let disabled = environment["FOLIO_HIGHLIGHT"] == "off"
        let path = (environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
        let node = ["node", "nodejs"].lazy.flatMap { name in path.map { $0 + "/" + name } }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        var libraries = [
            "/usr/share/nodejs/highlight.js", "/usr/lib/nodejs/highlight.js", "/usr/lib/node_modules/highlight.js",
            "/usr/local/lib/node_modules/highlight.js",
        ]
        if let custom = environment["FOLIO_HIGHLIGHT_JS"] { libraries.insert(custom, at: 0) }
        let library = libraries.first { FileManager.default.fileExists(atPath: $0 + "/lib/highlight.js") }
        return Setup(node: node, library: library, disabled: disabled)
    }()

    init(setup: Setup = CodeHighlighter.setup) { self.setup = setup }

    /// The highlighted HTML of each block (token spans inside, no `<pre>`), or nil where it stays plain.
    func highlight(_ blocks: [Block]) -> [String?] { answers(submit(blocks)) }

    /// Sends `blocks` to the worker and returns at once; `answers(_:)` gives their highlighted HTML.
    func submit(_ blocks: [Block]) -> Ticket {
        guard !blocks.isEmpty, !setup.disabled else {
            return Ticket(count: blocks.count, answers: blocks.map { _ in nil })
        }
        let remembered = state.withLock { known.isEmpty ? nil : blocks.map { known[$0] } }
        if let remembered, !remembered.contains(where: { $0 == nil }) {
            return Ticket(count: blocks.count, answers: remembered)
        }
        var request = Array("\(blocks.count)\n".utf8)
        for block in blocks {
            let code = Array(block.code.utf8)
            request += Array("\(block.grammar)\n\(code.count)\n".utf8)
            request += code
        }
        writing.lock()
        defer { writing.unlock() }
        state.lock()
        if !started { start() }
        guard process != nil, let input else {
            missed += blocks.count
            state.unlock()
            return Ticket(count: blocks.count, answers: blocks.map { _ in nil })
        }
        let ticket = Ticket(count: blocks.count)
        queue.append(ticket)
        sent += 1
        state.unlock()
        if !write(request, to: input.fileDescriptor) { stop("the highlight.js worker stopped") }
        return ticket
    }

    /// The answers to `ticket`, waiting for them (and reading the answers to earlier tickets on the way).
    func answers(_ ticket: Ticket) -> [String?] {
        state.lock()
        if let answers = ticket.answers {
            state.unlock()
            return answers
        }
        state.unlock()
        reading.lock()
        defer { reading.unlock() }
        while true {
            state.lock()
            if let answers = ticket.answers {
                state.unlock()
                return answers
            }
            let first = queue.first
            state.unlock()
            guard let first else { return Array(repeating: nil, count: ticket.count) }
            guard let answers = readAnswers(first.count) else {
                stop("the highlight.js worker stopped")
                continue
            }
            state.lock()
            if queue.first === first {
                queue.removeFirst()
                first.answers = answers
            }
            state.unlock()
        }
    }

    /// Starts the worker now, if highlighting is on: Node.js and highlight.js take about 0.2 s to load, which they
    /// spend while the site is read and planned instead of holding up the first pages with code.
    func warmUp() {
        guard setup.isUsable else { return }
        state.lock()
        defer { state.unlock() }
        if !started { start() }
    }

    /// Takes the highlighted HTML of `blocks` as known, in place of the last build's (see `PreviousHighlights`): a
    /// request whose every block is known is answered without Node.js, which then need not start.
    func remember(_ blocks: [Block: String]) {
        state.withLock { known = blocks }
    }

    /// How many requests were sent to Node.js (a render worker's read-ahead sends one for a group of pages).
    var requests: Int {
        state.lock()
        defer { state.unlock() }
        return sent
    }

    /// The warning for a build whose code stayed plain because the highlighter could not run, or nil.
    func takeWarning() -> String? {
        state.lock()
        defer { state.unlock() }
        guard missed > 0 else { return nil }
        missed = 0
        let reason = failure ?? "it stopped"
        return
            "code blocks are not highlighted: \(reason); install Node.js and highlight.js (Debian: apt-get install nodejs node-highlight.js; make build does it)"
    }

    // MARK: The worker

    /// Starts Node.js (called with `state` held).
    private func start() {
        started = true
        guard let node = setup.node else {
            failure = "Node.js (node) was not found on PATH"
            return
        }
        guard let library = setup.library else {
            failure = "highlight.js was not found (/usr/share/nodejs/highlight.js)"
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        // One thread: V8's compiler and collector threads would take CPU time from the build's own workers.
        process.arguments = [
            "--single-threaded", "-e", HighlightWorker.script, library, CodeLanguage.grammars.joined(separator: ","),
        ]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            failure = "Node.js could not start (\(error))"
            return
        }
        signal(SIGPIPE, SIG_IGN)  // a worker that dies must not take the build with it
        self.process = process
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading.fileDescriptor
    }

    /// Reads the answers to one request: per block its size, then its HTML (nil for -1); nil when the worker stopped.
    private func readAnswers(_ count: Int) -> [String?]? {
        var answers: [String?] = []
        answers.reserveCapacity(count)
        for _ in 0..<count {
            guard let header = readLine(), let size = Int(header) else { return nil }
            if size < 0 {
                answers.append(nil)
                continue
            }
            guard let body = read(count: size) else { return nil }
            answers.append(body)
        }
        return answers
    }

    /// Stops the worker: every request not yet answered stays plain (and counts toward the warning).
    private func stop(_ reason: String) {
        state.lock()
        defer { state.unlock() }
        if failure == nil { failure = reason }
        process?.terminate()
        process = nil
        for ticket in queue {
            ticket.answers = Array(repeating: nil, count: ticket.count)
            missed += ticket.count
        }
        queue.removeAll()
    }

    private func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    /// Reads what the worker has written so far onto the end of `pending`.
    private func fill() -> Bool {
        if taken > 0 {
            pending.removeSubrange(0..<taken)
            taken = 0
        }
        let start = pending.count
        pending.append(contentsOf: repeatElement(0, count: 65536))
        while true {
            let count = pending.withUnsafeMutableBytes { Foundation.read(output, $0.baseAddress! + start, 65536) }
            if count < 0 && errno == EINTR { continue }
            pending.removeLast(65536 - max(count, 0))
            return count > 0
        }
    }

    private func readLine() -> String? {
        while true {
            if let end = pending[taken...].firstIndex(of: 10) {
                let line = String(decoding: pending[taken..<end], as: UTF8.self)
                taken = end + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// The next `count` bytes of the worker's output, as text.
    private func read(count: Int) -> String? {
        while pending.count - taken < count { guard fill() else { return nil } }
        let text = String(decoding: pending[taken..<taken + count], as: UTF8.self)
        taken += count
        return text
    }
}
