import Foundation
import Testing

/// Runs the built `folio` binary, the way a user or a CI pipeline does.
enum Folio {
    struct Run: CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var arguments: [String]
        /// The process was ended by a signal (`status` is then its number), not by exiting.
        var signaled = false

        /// stderr split into lines, empty lines dropped.
        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        /// stdout split into lines, empty lines dropped.
        var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }

        var description: String {
            "folio \(arguments.joined(separator: " ")) → exit \(status)\n--- stdout ---\n\(stdout)\n--- stderr ---\n\(stderr)"
        }
    }

    /// The repository root: this file is `<repo>/Tests/FolioCLITests/Support/Folio.swift`.
    static let repository: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // FolioCLITests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // <repo>

    /// `Tests/Fixtures/<name>` in the repository.
    static func fixture(_ name: String) -> URL {
        repository.appendingPathComponent("Tests/Fixtures/\(name)", isDirectory: true)
    }

    /// The built binary: `$FOLIO_BINARY`, then `<repo>/.build/debug/folio`, then beside the test bundle.
    static let binary: URL? = {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["FOLIO_BINARY"], !path.isEmpty {
            candidates.append(URL(fileURLWithPath: path))
        }
        candidates.append(repository.appendingPathComponent(".build/debug/folio"))
        // Beside the test bundle: `.build/<triple>/debug/FolioPackageTests.xctest` (a file on Linux,
        // a bundle on macOS) sits next to the `folio` executable.
        for bundle in Bundle.allBundles where bundle.bundleURL.pathExtension == "xctest" {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("folio"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("folio"))
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("folio"))
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("folio"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `folio arguments…` in `directory` and waits for it (at most `timeout` seconds, then it is killed).
    /// `executable` and `prefix` run folio through another program (`/bin/sh -c 'ulimit …; exec folio'`).
    static func run(
        _ arguments: [String], in directory: URL, environment extra: [String: String] = [:],
        timeout: TimeInterval? = nil,
        executable: URL? = nil, prefix: [String] = []
    ) throws -> Run {
        let binary = try #require(
            binary, "no built folio binary: run `swift build` first (looked in \(repository.path)/.build/debug)")
        // Output goes to files rather than pipes, so a chatty process can never block on a full pipe.
        let capture = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-cli-capture-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: capture, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: capture) }
        let outURL = capture.appendingPathComponent("stdout")
        let errURL = capture.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)

        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = prefix + arguments
        process.currentDirectoryURL = directory
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        try process.run()
        if let timeout {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(20_000) }
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Run(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self),
            arguments: arguments,
            signaled: process.terminationReason == .uncaughtSignal
        )
    }
}
