import Foundation
import Testing

@testable import FolioKit

/// `folio serve` keeps a hard-linked copy of its output between rebuilds, so that an edit's update is placed into it
/// and swapped in without copying the output first. Each test runs in a scratch folder of its own.
@Suite struct OutputStandbyTests {
    /// Twenty pages: an edit to one is a small update, published as a patch of the output.
    static func site() throws -> ScratchSite {
        var files = ["site.yml": "title: Standby\n"]
        for number in 0..<20 { files["p\(number).md"] = "# Page \(number)\n\nWords of page \(number).\n" }
        return try ScratchSite(files)
    }

    /// The copies beside the output (with `removing`, also those being removed).
    static func copies(_ site: ScratchSite, removing: Bool = false) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: site.root.path)) ?? []
        return names.filter {
            $0.hasPrefix(".Public.folio-standby-") && (removing || !$0.contains(FileOperations.removingMark))
        }.sorted()
    }

    static func edit(_ site: ScratchSite, _ number: Int) throws {
        try site.write(["p3.md": "# Page 3\n\nEdit number \(number) adds a word: unmistakable\(number).\n"])
    }

    @Test func eachEditIsPublishedThroughTheCopyTheLastOneLeft() throws {
        let site = try Self.site()
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        #expect(Self.copies(site).isEmpty, "a whole build keeps no copy")
        var first: [String] = []
        for number in 1...3 {
            try Self.edit(site, number)
            #expect(site.build(session: session).published)
            let clean = site.root.appendingPathComponent("Clean\(number)")
            #expect(site.build(into: clean, cache: false).published)
            #expect(ScratchSite.snapshot(site.output) == ScratchSite.snapshot(clean), "edit \(number)")
            #expect(site.html("p3/index.html").contains("unmistakable\(number)"))
            let copies = Self.copies(site)
            #expect(copies.count == 1, "\(copies)")
            // The copy mirrors the output, and the same copy serves every edit (one made anew would get a new name).
            if number == 1 { first = copies }
            #expect(copies == first)
            let copy = site.root.appendingPathComponent(copies.first ?? "none")
            #expect(ScratchSite.snapshot(copy) == ScratchSite.snapshot(site.output), "edit \(number)")
        }
        session.flush()
        #expect(Self.waitUntilGone(site), "the copy is removed when folio serve stops: \(Self.copies(site))")
    }

    /// The copy is given back only while the output folder is the one it mirrors: once another process's build has
    /// swapped a new output in, the next update copies that one instead.
    @Test func aCopyIsGivenOnlyWhileNoOtherOutputHasBeenSwappedIn() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-standby-\(UUID().uuidString)")
        defer { ScratchSite.remove(root) }
        let target = root.appendingPathComponent("Public").path
        let prefix = root.path + "/.Public.folio-"
        for folder in [target, prefix + "staging-1"] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data("old".utf8).write(to: URL(fileURLWithPath: folder + "/a.txt"))
        }
        // The update wrote b/c.txt into the output: the kept copy gets it too, as a link to the same file.
        try FileManager.default.createDirectory(atPath: target + "/b", withIntermediateDirectories: true)
        try Data("new".utf8).write(to: URL(fileURLWithPath: target + "/b/c.txt"))
        let standby = OutputStandby()
        standby.keep(prefix + "staging-1", of: target, updating: ["b/c.txt"], prefix: prefix)
        let copy = try #require(standby.take(for: target))
        #expect(copy.hasPrefix(prefix + "standby-"))
        #expect(try String(contentsOfFile: copy + "/b/c.txt", encoding: .utf8) == "new")
        let inode = { (path: String) in (try? FileManager.default.attributesOfItem(atPath: path))?[.systemFileNumber] }
        #expect(inode(copy + "/b/c.txt") as? Int == inode(target + "/b/c.txt") as? Int)
        #expect(standby.take(for: target) == nil, "taken once")

        standby.keep(copy, of: target, updating: [], prefix: prefix)
        #expect(standby.take(for: target) == copy, "kept under its name")

        standby.keep(copy, of: target, updating: [], prefix: prefix)
        try FileManager.default.moveItem(atPath: target, toPath: root.appendingPathComponent("Swapped").path)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: false)
        #expect(standby.take(for: target) == nil, "another output was swapped in")
    }

    @Test func aWholeBuildInTheSessionDropsTheCopy() throws {
        let site = try Self.site()
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        try Self.edit(site, 1)
        #expect(site.build(session: session).published)
        #expect(Self.copies(site).count == 1)
        try site.write(["site.yml": "title: Standby, renamed\n"])
        #expect(site.build(session: session).published)
        #expect(Self.waitUntilGone(site), "\(Self.copies(site))")
    }

    /// Removals run in the background: waits up to five seconds for the copies to go.
    static func waitUntilGone(_ site: ScratchSite) -> Bool {
        for _ in 0..<100 {
            if copies(site, removing: true).isEmpty { return true }
            usleep(50_000)
        }
        return false
    }
}
