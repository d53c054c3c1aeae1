import Foundation
import Testing

@testable import FolioKit

/// Processes to name leftovers with: one that has ended (a stopped build) and one still running (a build at work).
enum TestProcess {
    static func ended() throws -> pid_t {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }

    /// A process that runs until the test terminates it.
    static func running() throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sleep")
        process.arguments = ["60"]
        try process.run()
        return process
    }
}

/// What a build writes is named with its process id, so the next build removes what a stopped one left and keeps
/// what one still running is writing.
@Suite struct WriterProcessTests {
    @Test func aBuildLeavesTheStagingFolderOfAnotherBuildOfTheSameOutputThatIsStillRunning() throws {
        let site = try ScratchSite(["site.yml": "title: Two builds\n", "index.md": "# Home\n\nHello.\n"])
        #expect(site.build().published)
        // A second build of the same output (or `folio serve`), still writing its staging folder; and one stopped.
        let running = try TestProcess.running()
        defer { running.terminate() }
        let parent = site.output.deletingLastPathComponent()
        let other = parent.appendingPathComponent(".Public.folio-staging-\(running.processIdentifier)")
        let stopped = parent.appendingPathComponent(".Public.folio-staging-\(try TestProcess.ended())")
        for folder in [other, stopped] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data("<p>half</p>".utf8).write(to: folder.appendingPathComponent("index.html"))
        }
        #expect(site.build(cache: false).published)
        #expect(site.html("index.html").contains("Hello."))
        #expect(
            FileManager.default.fileExists(atPath: other.appendingPathComponent("index.html").path),
            "removed while in use")
        #expect(!FileManager.default.fileExists(atPath: stopped.path), "a stopped build's folder is left")
    }

    @Test func theIdIsTheNumberAfterTheLastMark() {
        #expect(WriterProcess.id(endingAfter: "-", in: ".Public.folio-staging-4242") == 4242)
        #expect(WriterProcess.id(endingAfter: ".tmp-", in: "build-1a.json.tmp-7") == 7)
        #expect(WriterProcess.id(endingAfter: ".tmp-", in: "notes.tmp-draft") == nil)
        #expect(WriterProcess.id(endingAfter: "-", in: "staging-0") == nil)
        #expect(!WriterProcess.isAnotherRunning(endingAfter: "-", in: "staging-\(getpid())"), "this process's own")
    }
}
