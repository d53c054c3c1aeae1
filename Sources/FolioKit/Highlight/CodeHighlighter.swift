import Foundation

/// Syntax highlighting at build time with highlight.js (Debian's `node-highlight.js`) in one long-lived Node.js worker,
/// fed a page's code blocks at a time. Without Node.js or highlight.js, code stays plain and the build says so once.
/// `FOLIO_HIGHLIGHT=off` turns highlighting off (the benchmark's comparison build).
final class CodeHighlighter: @unchecked Sendable {
    static let shared = CodeHighlighter()

    struct Block {
        var grammar: String
        var code: String
    }

    private let setup: Setup
    private let lock = NSLock()
    private var started = false
    private var process: Process?
    private var input: FileHandle?
    private var output: Int32 = -1
    private var pending: [UInt8] = []
    /// Code blocks that stayed plain because the highlighter could not run, since the process started.
    private var missed = 0
    private var failure: String?

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
    func highlight(_ blocks: [Block]) -> [String?] {
        guard !blocks.isEmpty, !setup.disabled else { return blocks.map { _ in nil } }
        lock.lock()
        defer { lock.unlock() }
        if !started { start() }
        guard process != nil, let answers = exchange(blocks) else {
            missed += blocks.count
            return blocks.map { _ in nil }
        }
        return answers
    }

    /// Starts the worker now, if highlighting is on: Node.js and highlight.js take about 0.2 s to load, which they
    /// spend while the site is read and planned instead of holding up the first pages with code.
    func warmUp() {
        guard setup.isUsable else { return }
        lock.lock()
        defer { lock.unlock() }
        if !started { start() }
    }

    /// The warning for a build whose code stayed plain because the highlighter could not run, or nil.
    func takeWarning() -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard missed > 0 else { return nil }
        missed = 0
        let reason = failure ?? "it stopped"
        return
            "code blocks are not highlighted: \(reason); install Node.js and highlight.js (Debian: apt-get install nodejs node-highlight.js; make build does it)"
    }

    // MARK: The worker

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
        process.arguments = ["-e", HighlightWorker.script, library, CodeLanguage.grammars.joined(separator: ",")]
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

    private func exchange(_ blocks: [Block]) -> [String?]? {
        var request = Array("\(blocks.count)\n".utf8)
        for block in blocks {
            let code = Array(block.code.utf8)
            request += Array("\(block.grammar)\n\(code.count)\n".utf8)
            request += code
        }
        guard write(request) else { return stop("the highlight.js worker stopped") }
        var answers: [String?] = []
        answers.reserveCapacity(blocks.count)
        for _ in blocks {
            guard let header = readLine(), let size = Int(header) else {
                return stop("the highlight.js worker stopped")
            }
            if size < 0 {
                answers.append(nil)
                continue
            }
            guard let body = read(count: size) else { return stop("the highlight.js worker stopped") }
            answers.append(String(decoding: body, as: UTF8.self))
        }
        return answers
    }

    private func stop(_ reason: String) -> [String?]? {
        failure = reason
        process?.terminate()
        process = nil
        return nil
    }

    private func write(_ bytes: [UInt8]) -> Bool {
        guard let input else { return false }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Foundation.write(
                    input.fileDescriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
    }

    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(output, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            pending += chunk[0..<count]
            return true
        }
    }

    private func readLine() -> String? {
        while true {
            if let end = pending.firstIndex(of: 10) {
                let line = String(decoding: pending[0..<end], as: UTF8.self)
                pending.removeSubrange(0...end)
                return line
            }
            guard fill() else { return nil }
        }
    }

    private func read(count: Int) -> [UInt8]? {
        while pending.count < count { guard fill() else { return nil } }
        let bytes = Array(pending[0..<count])
        pending.removeSubrange(0..<count)
        return bytes
    }
}
