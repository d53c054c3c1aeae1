import Foundation
import Testing

/// `folio serve --port 0` running on a copy of a fixture site in a temporary folder.
final class ServeProcess {
    let site: URL
    let process = Process()
    private let stdoutURL: URL
    private let stderrURL: URL
    private(set) var baseURL = ""
    private(set) var port: UInt16 = 0

    /// The repository root: this file is `<repo>/Tests/FolioPreviewTests/Support/ServeProcess.swift`.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `$FOLIO_BINARY`, else the `folio` built beside this test binary, else `<repo>/.build/debug/folio`.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["FOLIO_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        candidates.append(me.deletingLastPathComponent().appendingPathComponent("folio"))
        candidates.append(repository.appendingPathComponent(".build/debug/folio"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    init(fixture: String, arguments: [String] = []) throws {
        let binary = try #require(Self.binary, "no built folio binary: run `swift build` first")
        site = FileManager.default.temporaryDirectory.appendingPathComponent("folio-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: Self.repository.appendingPathComponent("Tests/Fixtures/\(fixture)/Content"),
            to: site.appendingPathComponent("Content"))
        stdoutURL = site.appendingPathComponent("serve.stdout")
        stderrURL = site.appendingPathComponent("serve.stderr")
        _ = FileManager.default.createFile(atPath: stdoutURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0"] + arguments
        process.currentDirectoryURL = site
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: stdoutURL)
        process.standardError = try FileHandle(forWritingTo: stderrURL)
        try process.run()
        let line = try waitForOutput(#"Serving (http://127\.0\.0\.1:(\d+)/)"#, timeout: 60)
        baseURL = line[1]
        port = try #require(UInt16(line[2]))
    }

    deinit {
        if process.isRunning { stop() }
        try? FileManager.default.removeItem(at: site)
    }

    var stdout: String { (try? String(contentsOf: stdoutURL, encoding: .utf8)) ?? "" }
    var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
    var output: String { "--- stdout\n\(stdout)--- stderr\n\(stderr)" }

    /// Waits until stdout matches `pattern`; returns the match and its groups.
    @discardableResult
    func waitForOutput(_ pattern: String, in stream: KeyPath<ServeProcess, String> = \.stdout, timeout: Double = 10)
        throws -> [String]
    {
        let regex = try NSRegularExpression(pattern: pattern)
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let text = self[keyPath: stream]
            if let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) {
                return (0..<match.numberOfRanges).map {
                    Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? ""
                }
            }
            if !process.isRunning { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        Issue.record("no /\(pattern)/ from folio serve within \(timeout) s\n\(output)")
        throw CancellationError()
    }

    func write(_ relative: String, _ text: String) throws {
        try Data(text.utf8).write(to: site.appendingPathComponent(relative))
    }

    /// SIGTERM, then how long it took to exit (SIGKILL after 10 s).
    @discardableResult
    func stop() -> Double {
        let start = Date()
        process.terminate()
        while process.isRunning, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        return Date().timeIntervalSince(start)
    }

    /// Open descriptors of the server process.
    var openFileCount: Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd")) ?? []).count
    }
}
