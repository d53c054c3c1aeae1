import Foundation
import Testing

@testable import FolioKit

/// `folio build` keeps the hard-linked copy of the output that an edit's update was swapped out of, in the build
/// cache's folder, so that the next process's edit is placed into it instead of copying the output first (see
/// `OutputStandby.persisted`). Each test runs in a scratch folder of its own.
@Suite struct KeptOutputCopyTests {
    /// Twenty pages, a few in a folder; with the search index, an edit changes its page and the index: an update of
    /// the whole output.
    static func site(search: Bool = true) throws -> ScratchSite {
        var files = ["site.yml": "title: Kept copy\n" + (search ? "" : "search: false\n")]
        for number in 0..<16 { files["p\(number).md"] = "# Page \(number)\n\nWords of page \(number).\n" }
        for number in 16..<20 { files["folder/p\(number).md"] = "# Page \(number)\n\nWords of page \(number).\n" }
        return try ScratchSite(files)
    }

    /// The site built, then two pages in different folders edited and built again: the whole output's copy was
    /// swapped in, and the old output kept.
    static func siteWithACopy(search: Bool = true) throws -> ScratchSite {
        let site = try site(search: search)
        #expect(site.build().published)
        try site.write(["p3.md": "# Page 3\n\nFirst edit.\n", "folder/p17.md": "# Page 17\n\nFirst edit.\n"])
        #expect(site.build().published)
        try #require(copies(site).count == 1, "\(copies(site))")
        return site
    }

    static func cache(_ site: ScratchSite) -> URL { site.root.appendingPathComponent(".folio-cache") }

    /// The copies kept in the cache folder (with `removing`, also those being removed).
    static func copies(_ site: ScratchSite, removing: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: cache(site).path)) ?? []
        return names.filter {
            $0.hasPrefix("output-") && $0.contains(".copy") && !$0.hasSuffix("-record")
                && (removing || !$0.contains(FileOperations.removingMark))
        }.sorted()
    }

    static func inode(_ url: URL) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.systemFileNumber] as? Int
    }

    /// Removals run in the background: waits up to five seconds for the copies to go.
    static func waitUntilGone(_ site: ScratchSite) -> Bool {
        for _ in 0..<100 {
            if copies(site, removing: true).isEmpty { return true }
            usleep(50_000)
        }
        return false
    }

    /// The output equals a build from scratch of the same content.
    static func expectClean(_ site: ScratchSite, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let clean = site.root.appendingPathComponent("Clean-\(name)")
        #expect(site.build(into: clean, cache: false).published, sourceLocation: sourceLocation)
        #expect(
            ScratchSite.differences(site.output, clean).isEmpty,
            "differs from a clean build: \(ScratchSite.differences(site.output, clean))", sourceLocation: sourceLocation
        )
    }

    @Test func eachEditIsPlacedIntoTheCopyTheLastBuildKept() throws {
        let site = try Self.site()
        #expect(site.build().published)
        #expect(Self.copies(site).isEmpty, "a whole build keeps no copy")
        var kept: Int?
        for number in 1...3 {
            try site.write(["p3.md": "# Page 3\n\nEdit number \(number) adds a word: unmistakable\(number).\n"])
            let before = Self.inode(site.output)
            #expect(site.build().published)
            #expect(site.html("p3/index.html").contains("unmistakable\(number)"))
            Self.expectClean(site, "\(number)")
            let copies = Self.copies(site)
            try #require(copies.count == 1, "\(copies)")
            let copy = Self.cache(site).appendingPathComponent(copies[0])
            // The copy is the output folder the update swapped out, brought up to date: a mirror of the output.
            #expect(Self.inode(copy) == before, "edit \(number)")
            #expect(ScratchSite.snapshot(copy) == ScratchSite.snapshot(site.output), "edit \(number)")
            // From the second edit on, the update was placed into the copy the build before kept.
            if let kept { #expect(Self.inode(site.output) == kept, "edit \(number) made a copy of its own") }
            kept = Self.inode(copy)
        }
        // Nothing changed: the copy stays for the next edit.
        #expect(site.build().summary.rendered == 0)
        #expect(Self.copies(site).count == 1)
    }

    /// `folio serve` published an edit by renaming one file over the old one — the output folder is the same — and
    /// wrote the build cache: the copy no longer mirrors what that cache describes, and is not used.
    @Test func aCopyIsNotUsedOnceAnotherBuildHasWrittenTheCache() throws {
        let site = try Self.siteWithACopy(search: false)
        let session = BuildSession()
        defer { session.flush() }
        try site.write(["p5.md": "# Page 5\n\nAn edit in the preview: serendipity.\n"])
        #expect(site.build(session: session).published)
        session.flush()
        try site.write(["p3.md": "# Page 3\n\nSecond edit.\n", "folder/p17.md": "# Page 17\n\nSecond edit.\n"])
        #expect(site.build().published)
        #expect(site.html("p5/index.html").contains("serendipity"), "the preview's edit was lost")
        Self.expectClean(site, "after")
    }

    /// A page's file deleted from the output by hand is made again, though the kept copy still has it.
    @Test func aFileDeletedFromTheOutputIsMadeAgain() throws {
        let site = try Self.siteWithACopy(search: false)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("p7/index.html"))
        #expect(site.build().published)
        #expect(site.html("p7/index.html").contains("Words of page 7"))
        Self.expectClean(site, "after")
    }

    /// A build with errors leaves the output and its cache as they were: the copy stays for the build after it.
    @Test func aFailedBuildLeavesTheCopyForTheNextOne() throws {
        let site = try Self.siteWithACopy()
        let copy = Self.inode(Self.cache(site).appendingPathComponent(Self.copies(site).first ?? "none"))
        try site.write(["p3.md": "---\ntitle: [unclosed\n---\n\n# Page 3\n"])
        #expect(!site.build().published)
        try site.write(["p3.md": "# Page 3\n\nFixed.\n"])
        #expect(site.build().published)
        #expect(copy != nil && Self.inode(site.output) == copy, "the update was not placed into the kept copy")
        Self.expectClean(site, "after")
    }

    /// A file put in the output by hand stays through every edit's update, as it did before the copy was kept (the
    /// copy, taken before the file was there, dropped it on one update and brought it back on the next).
    @Test func aFilePutInTheOutputByHandStaysThroughEveryUpdate() throws {
        let site = try Self.siteWithACopy()
        let mine = site.output.appendingPathComponent("google123.html")
        try "verification".write(to: mine, atomically: false, encoding: .utf8)
        for number in 1...3 {
            try site.write(["p3.md": "# Page 3\n\nEdit \(number).\n"])
            #expect(site.build().published)
            #expect(FileManager.default.fileExists(atPath: mine.path), "gone after edit \(number)")
        }
    }

    /// Part of the kept copy deleted (a `rm -rf .folio-cache` stopped part way, its record left): the update is
    /// still placed into a mirror of the output, and no page goes missing.
    @Test func aCopyDeletedInPartIsMadeWholeAgain() throws {
        let site = try Self.siteWithACopy()
        let copy = Self.cache(site).appendingPathComponent(Self.copies(site).first ?? "none")
        for name in ["folder", "p5", "search"] {
            try FileManager.default.removeItem(at: copy.appendingPathComponent(name))
        }
        try site.write(["p3.md": "# Page 3\n\nA second edit.\n"])
        #expect(site.build().published)
        Self.expectClean(site, "after")
    }

    /// A build of the same output running meanwhile has the copy under its process id, its record taken: another
    /// build neither uses nor removes it; the copy of a build that was stopped is removed.
    @Test func theCopyOfABuildStillRunningIsLeftToIt() throws {
        let site = try Self.siteWithACopy()
        let cache = Self.cache(site)
        let name = try #require(Self.copies(site).first)
        let running = try TestProcess.running()
        defer { running.terminate() }
        let stopped = try TestProcess.ended()
        let theirs = cache.appendingPathComponent(name + "-\(running.processIdentifier)")
        let left = cache.appendingPathComponent(name + "-\(stopped)")
        try FileManager.default.moveItem(at: cache.appendingPathComponent(name), to: theirs)
        try FileManager.default.copyItem(at: theirs, to: left)
        for record in try FileManager.default.contentsOfDirectory(atPath: cache.path) where record.hasSuffix(".record")
        {
            try FileManager.default.removeItem(at: cache.appendingPathComponent(record))
        }
        let before = ScratchSite.snapshot(theirs)
        try site.write(["p3.md": "# Page 3\n\nAn edit beside another build.\n"])
        #expect(site.build().published)
        Self.expectClean(site, "after")
        #expect(FileManager.default.fileExists(atPath: theirs.path), "the running build's copy was removed")
        #expect(ScratchSite.snapshot(theirs) == before, "the running build's copy was changed")
        for _ in 0..<100 where FileManager.default.fileExists(atPath: left.path) { usleep(50_000) }
        #expect(!FileManager.default.fileExists(atPath: left.path), "the stopped build's copy stays")
    }

    /// A folder of the output replaced by a relative symbolic link (the hostile tester's case): linked into the
    /// kept copy, deeper in `.folio-cache/`, it led elsewhere and the update failed. The whole output is copied
    /// beside it instead, as without a kept copy, and the link still leads to its folder.
    @Test func aSymbolicLinkPutIntoTheOutputIsKept() throws {
        let site = try Self.siteWithACopy()
        let elsewhere = site.root.appendingPathComponent("Elsewhere")
        try FileManager.default.moveItem(at: site.output.appendingPathComponent("folder"), to: elsewhere)
        try FileManager.default.createSymbolicLink(
            atPath: site.output.appendingPathComponent("folder").path, withDestinationPath: "../Elsewhere")
        try site.write([
            "p3.md": "# Page 3\n\nAn edit beside a link.\n", "folder/p17.md": "# Page 17\n\nAn edit behind a link.\n",
        ])
        #expect(site.build().published)
        #expect(site.html("p3/index.html").contains("An edit beside a link."))
        #expect(site.html("folder/p17/index.html").contains("An edit behind a link."))
    }

    @Test func aWholeBuildRemovesTheCopy() throws {
        let site = try Self.siteWithACopy()
        #expect(site.build(cache: false).published)
        #expect(Self.waitUntilGone(site), "\(Self.copies(site))")
        try site.write(["p3.md": "# Page 3\n\nAnother edit.\n"])
        #expect(site.build().published)
        Self.expectClean(site, "after")
    }

    /// Once its output folder is gone, the copy goes with the rest of that output's cache.
    @Test func theCopyGoesWithItsOutput() throws {
        let site = try Self.siteWithACopy()
        try FileManager.default.removeItem(at: site.output)
        #expect(site.build(into: site.root.appendingPathComponent("Elsewhere")).published)
        #expect(Self.waitUntilGone(site), "\(Self.copies(site))")
    }
}
