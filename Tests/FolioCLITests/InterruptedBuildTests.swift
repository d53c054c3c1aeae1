import Foundation
import Testing

/// SPEC §9: a build stopped at any moment leaves `Public/` exactly as the old build or exactly as the new one.
///
/// `FOLIO_TEST_KILL_AT=N` makes folio kill itself with SIGKILL just before its Nth file operation on the output.
/// Each test stops the same build at operation 1, 2, 3, … until it runs to the end, and compares `Public/` byte for
/// byte with the old build after every kill; the build that completes must give the new site and remove what the
/// killed ones left beside `Public/`.
@Suite("Interrupted builds")
struct InterruptedBuildTests {
    /// Builds `cli-cache`, applies `change`, then kills the next build at every file operation in turn.
    /// Returns the site, and the summary of the same change built without a stop (the build that completed after
    /// the stops renders every page when the last one stopped after its output was swapped in, before its cache was
    /// written: that cache no longer describes the output).
    @discardableResult
    func killAtEveryStep(
        search: Bool = false, _ change: (ScratchSite) throws -> Void,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (ScratchSite, [String: Any]) {
        // The new site, built from scratch elsewhere: what the interrupted build must end up as.
        let reference = try ScratchSite()
        if !search { try reference.withoutSearch() }
        try change(reference)
        let clean = try reference.build(buildArguments + ["--no-cache"])
        try #require(clean.status == 0, "\(clean)", sourceLocation: sourceLocation)
        let new = try Tree.snapshot(reference.output)

        // The same change built without a stop (before the scratch site's change, which `change` may note things of).
        let replay = try ScratchSite()
        if !search { try replay.withoutSearch() }
        try #require(try replay.build().status == 0, sourceLocation: sourceLocation)
        try change(replay)
        let uninterrupted = try replay.build(buildArguments + ["--format", "json"])
        try #require(uninterrupted.status == 0, "\(uninterrupted)", sourceLocation: sourceLocation)
        let json = try JSONSerialization.jsonObject(with: Data(uninterrupted.stdout.utf8)) as? [String: Any]
        let summary = try #require(json?["summary"] as? [String: Any], sourceLocation: sourceLocation)

        let scratch = try ScratchSite()
        if !search { try scratch.withoutSearch() }
        let first = try scratch.build()
        try #require(first.status == 0, "\(first)", sourceLocation: sourceLocation)
        let old = try Tree.snapshot(scratch.output)
        #expect(old != new, "the change must change the output", sourceLocation: sourceLocation)
        try change(scratch)

        var kills = 0
        var leftBehind = false
        for step in 1...500 {
            let earlier = try scratch.leftovers()
            let run = try scratch.build(
                buildArguments + ["--format", "json"], environment: ["FOLIO_TEST_KILL_AT": String(step)])
            if !run.signaled {
                try #require(
                    run.status == 0, "the build that ran to the end failed:\n\(run)", sourceLocation: sourceLocation)
                let after = try Tree.snapshot(scratch.output)
                #expect(
                    after == new, "the completed build differs from a clean one: \(Tree.differences(after, new))",
                    sourceLocation: sourceLocation)
                // What the killed builds left is gone (the completed build's own old folder may still be being deleted).
                let remaining = Set(earlier).intersection(try scratch.leftovers())
                #expect(remaining.isEmpty, "left beside Public/: \(remaining.sorted())", sourceLocation: sourceLocation)
                #expect(kills >= 3, "the build was stopped at only \(kills) points", sourceLocation: sourceLocation)
                #expect(
                    leftBehind, "no killed build left anything for the next one to remove",
                    sourceLocation: sourceLocation)
                return (scratch, summary)
            }
            kills += 1
            #expect(run.status == SIGKILL, "\(run)", sourceLocation: sourceLocation)
            let after = try Tree.snapshot(scratch.output)
            if after != old && after != new {
                let message =
                    "killed at file operation \(step), Public/ is neither the old build nor the new one: "
                    + "\(Tree.differences(after, old)) differ from the old"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
                break
            }
            if !(try scratch.leftovers().isEmpty) { leftBehind = true }
        }
        Issue.record("the build never ran to the end", sourceLocation: sourceLocation)
        return (scratch, [:])
    }

    func append(_ line: String, to page: String) -> (ScratchSite) throws -> Void {
        { scratch in
            let url = scratch.url(page)
            try Tree.write(try Tree.text(url) + "\n" + line + "\n", to: url)
        }
    }

    func inode(_ url: URL) throws -> Int? {
        try FileManager.default.attributesOfItem(atPath: url.path)[.systemFileNumber] as? Int
    }

    /// A folder held open while a test compares its inode number with a later one's: a folder that is deleted gives
    /// its number back, and the file system soon gives it to a new folder (the output swapped in, say).
    final class HeldFolder {
        let inode: Int?
        private let descriptor: Int32

        init(_ url: URL) {
            descriptor = open(url.path, O_RDONLY | O_DIRECTORY)
            var status = stat()
            inode = descriptor >= 0 && fstat(descriptor, &status) == 0 ? Int(status.st_ino) : nil
        }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }

    /// A large build: a template changed, every page is rendered into a new folder that is swapped in.
    @Test func aWholeBuildIsOldOrNew() throws {
        let (_, summary) = try killAtEveryStep { scratch in
            let url = scratch.url("Templates/partials/nav.mustache")
            try Tree.write("<nav class=\"changed\">" + String(try Tree.text(url).dropFirst(5)), to: url)
        }
        #expect(summary["rendered"] as? Int == summary["pages"] as? Int)
    }

    /// One edited page: one file changes, replaced by a single rename.
    @Test func aOnePageUpdateIsOldOrNew() throws {
        var foldersBefore: [HeldFolder] = []
        let (updated, summary) = try killAtEveryStep { scratch in
            // (The reference and uninterrupted sites are changed first; the scratch site's, changed last, is what
            // counts.)
            foldersBefore = [HeldFolder(scratch.output), HeldFolder(scratch.url("Public/guide/setup"))]
            try append("One more line.", to: "Content/guide/setup.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 1)
        #expect(try Tree.text(updated.url("Public/guide/setup/index.html")).contains("One more line."))
        let foldersAfter = [try inode(updated.output), try inode(updated.url("Public/guide/setup"))]
        #expect(
            !foldersBefore.contains { $0.inode == nil } && foldersAfter == foldersBefore.map(\.inode),
            "a folder was replaced for a one-file update")
    }

    /// Two edited pages in one folder: a hard-linked copy of that folder alone is swapped in.
    @Test func anUpdateInOneFolderIsOldOrNewAndSwapsOnlyThatFolder() throws {
        var rootBefore: HeldFolder?
        let (updated, summary) = try killAtEveryStep { scratch in
            rootBefore = HeldFolder(scratch.output)
            try append("Setup, edited.", to: "Content/guide/setup.md")(scratch)
            try append("Views, edited.", to: "Content/guide/views.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 2)
        let rootAfter = try inode(updated.output)
        #expect(
            rootBefore?.inode != nil && rootAfter == rootBefore?.inode,
            "Public/ itself was replaced for an update inside guide/")
    }

    /// Two edited pages in different folders: the whole output is copied as hard links and swapped in.
    @Test func anUpdateAcrossFoldersIsOldOrNew() throws {
        let (_, summary) = try killAtEveryStep { scratch in
            try append("Home, edited.", to: "Content/index.md")(scratch)
            try append("Setup, edited.", to: "Content/guide/setup.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 2)
    }

    /// An edited page with the search index on: the page's folder and the index's share only the output's root, so
    /// the whole output's hard-linked copy, begun on another thread while the page renders, is swapped in.
    @Test func anEditWithTheSearchIndexIsOldOrNew() throws {
        var rootBefore: HeldFolder?
        let (updated, summary) = try killAtEveryStep(search: true) { scratch in
            rootBefore = HeldFolder(scratch.output)
            try append("Setup, edited with a word of its own: quincunx.", to: "Content/guide/setup.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 1)
        #expect(try Tree.text(updated.url("Public/guide/setup/index.html")).contains("quincunx"))
        let rootAfter = try inode(updated.output)
        #expect(rootBefore?.inode != nil && rootAfter != rootBefore?.inode, "the whole output was swapped in")
    }

    /// A second edit, placed into the copy of the output that the first edit's build kept in `.folio-cache/`. Each
    /// stop starts again from that state (a stopped build leaves no copy the next one would use): the output is old
    /// or new, and the build after the stop gives the new site whole, or the old one when the edit was undone.
    @Test func anEditIntoTheKeptCopyIsOldOrNew() throws {
        let first = append("Views, edited first.", to: "Content/guide/views.md")
        let second = append("Setup, edited with a word of its own: quincunx.", to: "Content/guide/setup.md")
        let reference = try ScratchSite()
        try first(reference)
        try second(reference)
        let clean = try reference.build(buildArguments + ["--no-cache"])
        try #require(clean.status == 0, "\(clean)")
        let new = try Tree.snapshot(reference.output)
        var kills = 0
        for step in 1...500 {
            let scratch = try ScratchSite()
            for change in [nil, first] {
                try change?(scratch)
                let run = try scratch.build()
                try #require(run.status == 0, "\(run)")
            }
            let cache = try FileManager.default.contentsOfDirectory(atPath: scratch.url(".folio-cache").path)
            try #require(cache.contains { $0.hasSuffix(".copy") }, "no copy kept: \(cache)")
            let old = try Tree.snapshot(scratch.output)
            let editedFirst = try Tree.text(scratch.url("Content/guide/setup.md"))
            try second(scratch)
            let run = try scratch.build(buildArguments, environment: ["FOLIO_TEST_KILL_AT": String(step)])
            if !run.signaled {
                try #require(run.status == 0, "\(run)")
                #expect(try Tree.snapshot(scratch.output) == new)
                #expect(try Tree.text(scratch.url("Public/guide/setup/index.html")).contains("quincunx"))
                #expect(kills >= 10, "the build was stopped at only \(kills) points")
                return
            }
            kills += 1
            let after = try Tree.snapshot(scratch.output)
            if after != old && after != new {
                Issue.record("killed at file operation \(step), Public/ is neither the old build nor the new one")
                return
            }
            // The build after the stop gives the new site; or, with the edit undone first, the old one: nothing of
            // the stopped build's update reaches the output.
            let undone = step % 2 == 0
            if undone { try Tree.write(editedFirst, to: scratch.url("Content/guide/setup.md")) }
            let next = try scratch.build()
            try #require(next.status == 0, "\(next)")
            let rebuilt = try Tree.snapshot(scratch.output)
            let expected = undone ? old : new
            #expect(
                rebuilt == expected,
                "after a stop at \(step)\(undone ? ", the edit undone" : ""): \(Tree.differences(rebuilt, expected))")
        }
        Issue.record("the build never ran to the end")
    }

    /// A changed static file is part of a small update too.
    @Test func aStaticFileUpdateIsOldOrNew() throws {
        let (_, summary) = try killAtEveryStep { scratch in
            let url = scratch.url("Content/images/logo.svg")
            try Tree.write(try Tree.text(url).replacingOccurrences(of: "#06c", with: "#c60"), to: url)
        }
        #expect(summary["rendered"] as? Int == 0)
    }
}
