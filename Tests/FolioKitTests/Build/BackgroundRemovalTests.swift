import Foundation
import Testing

@testable import FolioKit

/// An old output is removed in the background after a new one is swapped in; `folio serve`'s next rebuild makes its
/// staging folder under the same name at once. Each test runs in a scratch folder of its own.
@Suite struct BackgroundRemovalTests {
    static func scratch() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-removal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static func fill(_ folder: String, files: Int, text: String) throws {
        for number in 0..<files {
            let sub = folder + "/f\(number % 20)"
            try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: sub + "/\(number).html"))
        }
    }

    @Test func aFolderMadeWhereTheOldOutputWasIsNotTouchedByItsRemoval() throws {
        let root = try Self.scratch()
        defer { ScratchSite.remove(root) }
        let output = root.path + "/Public"
        let staging = root.path + "/.Public.folio-staging-\(getpid())"
        // An old output large enough that its removal is still running when the next staging folder is made.
        try Self.fill(output, files: 3000, text: "old")
        try Self.fill(staging, files: 10, text: "new")
        try FileOperations.swap(staging, into: output, aside: root.path + "/.Public.folio-old-\(getpid())")
        #expect(!FileManager.default.fileExists(atPath: staging), "the staging name is free at once")
        #expect(try String(contentsOfFile: output + "/f3/3.html", encoding: .utf8) == "new")

        // The next rebuild's staging folder, under the same name.
        try Self.fill(staging, files: 10, text: "next")
        let deadline = Date().addingTimeInterval(30)
        func removing() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
                $0.contains(FileOperations.removingMark)
            }
        }
        while !removing().isEmpty, Date() < deadline { usleep(10_000) }
        #expect(removing().isEmpty, "the old output is removed")
        #expect(try String(contentsOfFile: staging + "/f3/3.html", encoding: .utf8) == "next")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: staging).count == 20, "ten folders, ten files")
    }

    @Test func aRemovalHoldsNoneOfTheCallersPipes() throws {
        // `folio build | jq` waits for every process holding the pipe: an old output's removal must not be one.
        let pid = try #require(FileOperations.spawnDetached("/bin/sh", ["sh", "-c", "sleep 30"]))
        defer {
            kill(pid, SIGKILL)
            waitpid(pid, nil, 0)
        }
        for descriptor in 0...2 {
            let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\(descriptor)")
            #expect(target == "/dev/null", "descriptor \(descriptor): \(target)")
        }
    }

    @Test func aServeRebuildRightAfterAWholeSiteRebuildIsPublished() throws {
        var files = ["site.yml": "title: Many\n"]
        for number in 0..<300 {
            files["many/p\(number).md"] = "---\ntitle: Page \(number)\n---\n\n## Section\n\nText.\n"
        }
        let site = try ScratchSite(files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        for round in 1...3 {
            // A title: every page renders (the sidebar), and the whole output is swapped in.
            try site.write(["many/p5.md": "---\ntitle: Page 5, round \(round)\n---\n\nText.\n"])
            let whole = site.build(session: session)
            #expect(whole.published, "\(whole.diagnostics.prefix(3))")
            // A text edit at once, while the old output is being removed.
            try site.write(["many/p77.md": "---\ntitle: Page 77\n---\n\nText of round \(round).\n"])
            let edit = site.build(session: session)
            #expect(edit.published, "round \(round): \(edit.diagnostics.prefix(3))")
            #expect(site.html("many/p77/index.html").contains("Text of round \(round)."))
        }
        let clean = site.root.appendingPathComponent("Clean")
        site.build(into: clean, cache: false)
        #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean))
        session.flush()
    }
}
