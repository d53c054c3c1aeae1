import Foundation
import Testing

@testable import FolioKit

/// A `folio build` that publishes an edit across folders (a page and the search index) begins the whole output's
/// hard-linked copy while its pages render. Each test runs in a scratch folder of its own.
@Suite struct OutputEarlyCopyTests {
    /// `<scratch>/Public`, an output Folio made, with a page in each of two folders and a file at the top.
    static func output() throws -> (root: URL, target: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-early-\(UUID().uuidString)")
        let target = root.appendingPathComponent("Public").path
        for (path, text) in [
            OutputSafety.markerName: OutputSafety.markerText, "a/index.html": "old a", "b/index.html": "old b",
            "search/index.js": "old index", "sitemap.xml": "old map",
        ] {
            try FileManager.default.createDirectory(
                atPath: SitePath.directory(of: target + "/" + path), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: target + "/" + path))
        }
        return (root, target)
    }

    static func inode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] as? Int
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// The folders a build leaves beside the output, not counting those being removed.
    static func beside(_ root: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasPrefix(".Public.folio-") && !$0.contains(FileOperations.removingMark) }.sorted()
    }

    /// The early copy's folder once it exists (its first step makes it).
    static func copyFolder(of output: OutputDirectory) -> Int? {
        for _ in 0..<500 {
            if let inode = inode(output.staging) { return inode }
            usleep(10_000)
        }
        return nil
    }

    @Test func theCopyBegunWhileTheBuildRanIsTheOutputPublished() throws {
        let (root, target) = try Self.output()
        defer { ScratchSite.remove(root) }
        let unchanged = Self.inode(target + "/b/index.html")
        let output = OutputDirectory.patch(target: target)
        // As a build does: the copy begins as the plan is made, before the output is prepared for the update
        // (which clears what stopped builds left beside the output, but not the copy).
        output.startCopy()
        let copy = try #require(Self.copyFolder(of: output))
        try output.prepare()
        try output.write(Array("new a".utf8), to: OutputPath("a/index.html"))
        try output.write(Array("new index".utf8), to: OutputPath("search/index.js"))
        output.remove(OutputPath("sitemap.xml"))
        try output.publish()
        #expect(Self.inode(target) == copy, "the output published is the copy begun early")
        #expect(Self.text(target + "/a/index.html") == "new a")
        #expect(Self.text(target + "/search/index.js") == "new index")
        #expect(!FileManager.default.fileExists(atPath: target + "/sitemap.xml"))
        #expect(Self.inode(target + "/b/index.html") == unchanged, "an unchanged file is the same file, linked")
        #expect(Self.beside(root).isEmpty, "\(Self.beside(root))")
    }

    /// Another process changed the output's top folder while the copy was made: the copy is not published (it
    /// could lack what was added), a new one is made from the output as it is.
    @Test func aCopyOfAnOutputChangedSinceIsNotPublished() throws {
        let (root, target) = try Self.output()
        defer { ScratchSite.remove(root) }
        let output = OutputDirectory.patch(target: target)
        try output.prepare()
        output.startCopy()
        let copy = try #require(Self.copyFolder(of: output))
        // Held open, the early copy's folder keeps its inode number once removed: a new folder made at the same
        // path cannot be given it, so the inodes compared below differ only if the copies do.
        let held = open(output.staging, O_RDONLY | O_DIRECTORY)
        defer { if held >= 0 { close(held) } }
        var status = stat()
        try #require(held >= 0 && fstat(held, &status) == 0 && Int(status.st_ino) == copy)
        try Data("added".utf8).write(to: URL(fileURLWithPath: target + "/CNAME"))
        try output.write(Array("new a".utf8), to: OutputPath("a/index.html"))
        try output.write(Array("new index".utf8), to: OutputPath("search/index.js"))
        try output.publish()
        #expect(Self.inode(target) != copy)
        #expect(Self.text(target + "/CNAME") == "added", "the file added meanwhile is kept")
        #expect(Self.text(target + "/a/index.html") == "new a")
        #expect(Self.beside(root).isEmpty, "\(Self.beside(root))")
    }

    /// An update within one folder, or of one file, needs no copy of the whole output: the early one is removed.
    @Test func aCopyTheUpdateDoesNotNeedIsRemoved() throws {
        for files in [["a/index.html"], ["a/index.html", "a/more.html"]] {
            let (root, target) = try Self.output()
            defer { ScratchSite.remove(root) }
            let top = Self.inode(target)
            let output = OutputDirectory.patch(target: target)
            try output.prepare()
            output.startCopy()
            for file in files { try output.write(Array("new".utf8), to: OutputPath(file)) }
            try output.publish()
            #expect(Self.inode(target) == top, "the output's top folder stays: \(files)")
            #expect(Self.text(target + "/a/index.html") == "new")
            #expect(Self.beside(root).isEmpty, "\(files): \(Self.beside(root))")
        }
    }

    @Test func aFailedBuildLeavesNoCopy() throws {
        let (root, target) = try Self.output()
        defer { ScratchSite.remove(root) }
        let before = ScratchSite.snapshot(URL(fileURLWithPath: target))
        let output = OutputDirectory.patch(target: target)
        try output.prepare()
        output.startCopy()
        try output.write(Array("new a".utf8), to: OutputPath("a/index.html"))
        output.discard()
        #expect(ScratchSite.snapshot(URL(fileURLWithPath: target)) == before)
        #expect(Self.beside(root).isEmpty, "\(Self.beside(root))")
    }
}
