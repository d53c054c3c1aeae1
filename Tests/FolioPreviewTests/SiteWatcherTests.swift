import Foundation
import Testing

@testable import FolioPreview

@Suite("Site watcher", .serialized)
struct SiteWatcherTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-watch-\(UUID().uuidString)")
        init() throws {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent("Content/guide"), withIntermediateDirectories: true)
            try write("Content/index.md", "# Home\n")
            try write("Content/guide/setup.md", "# Setup\n")
        }
        deinit { try? FileManager.default.removeItem(at: url) }
        var content: String { url.appendingPathComponent("Content").path }
        func path(_ relative: String) -> String { SiteWatcher.absolute(url.appendingPathComponent(relative).path) }
        func write(_ relative: String, _ text: String) throws {
            try Data(text.utf8).write(to: url.appendingPathComponent(relative))
        }
    }

    /// The next batch, or nil when none comes within `seconds`.
    func nextBatch(_ watcher: SiteWatcher, within seconds: Double = 5) async -> Set<String>? {
        await withTaskGroup(of: Set<String>?.self) { group in
            group.addTask {
                for await batch in watcher.changes { return batch }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    func settle() async throws { try await Task.sleep(for: .milliseconds(150)) }  // the watches are in place

    @Test(arguments: [SiteWatcher.Mode.inotify, .polling])
    func anEditIsReported(mode: SiteWatcher.Mode) async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content], mode: mode, pollInterval: 0.05)
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        #expect(watcher.mode == mode)
        // inotify sees every change from the moment each folder is watched; polling can miss one between scans.
        #expect((watcher.completeSince != nil) == (mode == .inotify))
        #expect(watcher.completeSince ?? 0 <= DispatchTime.now().uptimeNanoseconds)
        try folder.write("Content/guide/setup.md", "# Setup, edited\n")
        let batch = await nextBatch(watcher)
        #expect(batch == [folder.path("Content/guide/setup.md")])
    }

    /// `folio serve` stopped seeing edits for good once the content folder was deleted and made again (a restore from
    /// a backup, a `git checkout` that removes it): it kept serving the last build without a word.
    @Test func aContentFolderDeletedAndMadeAgainIsWatchedAgain() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        #expect(watcher.completeSince != nil)
        try FileManager.default.removeItem(atPath: folder.content)
        #expect(await nextBatch(watcher)?.contains(folder.path("Content")) == true)
        try await settle()
        // While it is gone, no change can be reported: a rebuild must look at the files themselves.
        #expect(watcher.completeSince == nil)

        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Content/guide"), withIntermediateDirectories: true)
        try folder.write("Content/index.md", "# Home, restored\n")
        #expect(await nextBatch(watcher)?.contains(folder.path("Content")) == true, "the folder back is a change")
        try await settle()
        #expect(watcher.completeSince != nil, "watched again")
        try folder.write("Content/guide/setup.md", "# Setup, after the restore\n")
        #expect(await nextBatch(watcher) == [folder.path("Content/guide/setup.md")])
    }

    /// A theme folder begun while the preview runs was never watched: a root not there at the start is looked for,
    /// and watched from when it appears, which is a change. It holds no page, so the watcher stays complete meanwhile.
    @Test func aRootMadeAfterTheStartIsWatchedFromThen() async throws {
        let folder = try Folder()
        let templates = folder.url.appendingPathComponent("Templates").path
        let watcher = SiteWatcher(roots: [folder.content, templates])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        #expect(watcher.completeSince != nil)
        try FileManager.default.createDirectory(atPath: templates + "/partials", withIntermediateDirectories: true)
        #expect(await nextBatch(watcher)?.contains(folder.path("Templates")) == true)
        try await settle()
        try folder.write("Templates/partials/footer.mustache", "<footer>mine</footer>\n")
        #expect(await nextBatch(watcher) == [folder.path("Templates/partials/footer.mustache")])
        #expect(watcher.completeSince != nil)
    }

    /// `mv Content Content-old; mv Content.new Content`: the watch followed the folder moved away, and reported its
    /// changes under the old name, and none of the folder in its place.
    @Test func aContentFolderMovedAwayAndReplacedIsWatchedInItsPlace() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        try FileManager.default.moveItem(atPath: folder.content, toPath: folder.path("Content-old"))
        #expect(await nextBatch(watcher)?.contains(folder.path("Content")) == true)
        try FileManager.default.createDirectory(atPath: folder.content, withIntermediateDirectories: true)
        #expect(await nextBatch(watcher)?.contains(folder.path("Content")) == true)
        try await settle()
        try folder.write("Content/index.md", "# New\n")
        #expect(await nextBatch(watcher) == [folder.path("Content/index.md")])
        // Last: a batch not coming ends the stream.
        try folder.write("Content-old/index.md", "# Old\n")
        #expect(await nextBatch(watcher, within: 0.5) == nil, "the folder moved away is not the content")
    }

    @Test func aBatchReachesTheRebuildAsPathsBelowTheContentFolder() throws {
        let folder = try Folder()
        let changes = Rebuilder.changes(
            [
                folder.path("Content/guide/setup.md"), folder.path("Content"),
                folder.path("Templates/layouts/x.mustache"),
                folder.path("Content-old/index.md"),
            ], in: folder.content, completeSince: 42)
        #expect(changes.paths == ["guide/setup.md", ""])
        #expect(changes.completeSince == 42)
    }

    @Test func aBurstOfWritesIsOneBatch() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        // What an editor's save looks like: a swap file, the file, a rename, all within a few ms.
        try folder.write("Content/.index.md.swp", "x")
        try folder.write("Content/index.md~", "# Home\n")
        try folder.write("Content/new.md.tmp", "# New\n")
        try FileManager.default.moveItem(
            atPath: folder.path("Content/new.md.tmp"), toPath: folder.path("Content/new.md"))
        try folder.write("Content/index.md", "# Home, edited\n")
        let batch = await nextBatch(watcher)
        #expect(
            batch == [
                folder.path("Content/new.md.tmp"), folder.path("Content/new.md"), folder.path("Content/index.md"),
            ])
        #expect(await nextBatch(watcher, within: 0.3) == nil, "one burst, one batch")
    }

    @Test func newFoldersAreWatchedToo() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        try FileManager.default.createDirectory(
            atPath: folder.path("Content/new/deeper"), withIntermediateDirectories: true)
        #expect(await nextBatch(watcher)?.contains(folder.path("Content/new")) == true)
        try await settle()
        try folder.write("Content/new/deeper/page.md", "# Deep\n")
        #expect(await nextBatch(watcher) == [folder.path("Content/new/deeper/page.md")])
        try FileManager.default.removeItem(atPath: folder.path("Content/guide/setup.md"))
        #expect(await nextBatch(watcher) == [folder.path("Content/guide/setup.md")])
    }

    @Test func theOutputFolderIsIgnored() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content], ignoring: [folder.content + "/Public"])
        watcher.start()
        defer { watcher.stop() }
        try await settle()
        try FileManager.default.createDirectory(
            atPath: folder.path("Content/Public"), withIntermediateDirectories: true)
        try folder.write("Content/Public/index.html", "<p>built</p>")
        #expect(await nextBatch(watcher, within: 0.5) == nil)
    }

    @Test func stoppingEndsTheStream() async throws {
        let folder = try Folder()
        let watcher = SiteWatcher(roots: [folder.content])
        watcher.start()
        watcher.stop()
        var iterator = watcher.changes.makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }
}
