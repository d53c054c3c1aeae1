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
    /// Returns the site and the summary of the build that completed.
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
                let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
                return (scratch, try #require(json?["summary"] as? [String: Any], sourceLocation: sourceLocation))
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
        var foldersBefore: [Int?] = []
        let (updated, summary) = try killAtEveryStep { scratch in
            // (The reference site, changed first, has no output yet; the scratch site's is what counts.)
            foldersBefore = [try? inode(scratch.output), try? inode(scratch.url("Public/guide/setup"))]
            try append("One more line.", to: "Content/guide/setup.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 1)
        #expect(try Tree.text(updated.url("Public/guide/setup/index.html")).contains("One more line."))
        let foldersAfter = [try inode(updated.output), try inode(updated.url("Public/guide/setup"))]
        #expect(
            !foldersBefore.contains(nil) && foldersAfter == foldersBefore,
            "a folder was replaced for a one-file update")
    }

    /// Two edited pages in one folder: a hard-linked copy of that folder alone is swapped in.
    @Test func anUpdateInOneFolderIsOldOrNewAndSwapsOnlyThatFolder() throws {
        var rootBefore: Int?
        let (updated, summary) = try killAtEveryStep { scratch in
            rootBefore = try? inode(scratch.output)
            try append("Setup, edited.", to: "Content/guide/setup.md")(scratch)
            try append("Views, edited.", to: "Content/guide/views.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 2)
        let rootAfter = try inode(updated.output)
        #expect(rootBefore != nil && rootAfter == rootBefore, "Public/ itself was replaced for an update inside guide/")
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
        var rootBefore: Int?
        let (updated, summary) = try killAtEveryStep(search: true) { scratch in
            rootBefore = try? inode(scratch.output)
            try append("Setup, edited with a word of its own: quincunx.", to: "Content/guide/setup.md")(scratch)
        }
        #expect(summary["rendered"] as? Int == 1)
        #expect(try Tree.text(updated.url("Public/guide/setup/index.html")).contains("quincunx"))
        let rootAfter = try inode(updated.output)
        #expect(rootBefore != nil && rootAfter != rootBefore, "the whole output was swapped in")
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
