import Foundation
import Testing

@testable import FolioKit

/// A `folio serve` rebuild starts from the files its last build read and looks again only at those its watcher saw
/// change, while the watcher has seen every change since that read began (`KnownFiles`).
@Suite struct KnownFilesTests {
    static let files = [
        "site.yml": "title: Watched\n",
        "index.md": "# Home\n\nSee [the guide](guide.md).\n",
        "guide.md": "# Guide\n\n## One\n\nFirst.\n",
        "notes/first.md": "# First note\n\nText.\n",
        "notes/data.txt": "Data.\n",
    ]

    /// Since the watcher started: before any build of the test.
    let watching = DispatchTime.now().uptimeNanoseconds

    @Test func aRebuildLooksAgainOnlyAtTheFilesItsWatcherSawChange() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)

        // The watcher saw the guide change; a change it did not see (which inotify never misses) would stay unread.
        try site.write(["guide.md": "# Guide\n\n## One\n\nFirst, edited.\n"])
        try site.write(["notes/first.md": "# First note\n\nUnseen.\n"])
        session.watcherSaw(WatchedChanges(paths: ["guide.md"], completeSince: watching))
        let rebuilt = site.build(session: session)
        #expect(rebuilt.published && rebuilt.summary.rendered == 1, "\(rebuilt.diagnostics)")
        #expect(site.html("guide/index.html").contains("First, edited."))
        #expect(!site.html("notes/first/index.html").contains("Unseen."))

        // A watcher that has not seen every change: the folder is read again, and the other page found.
        session.watcherSaw(WatchedChanges(paths: [], completeSince: nil))
        #expect(site.build(session: session).published)
        #expect(site.html("notes/first/index.html").contains("Unseen."))
    }

    @Test func aWatcherThatStartedAfterTheLastReadBeganDoesNotStandForIt() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        try site.write(["notes/first.md": "# First note\n\nChanged before the watcher started.\n"])
        let late = DispatchTime.now().uptimeNanoseconds
        try site.write(["guide.md": "# Guide\n\n## One\n\nFirst, edited.\n"])
        session.watcherSaw(WatchedChanges(paths: ["guide.md"], completeSince: late))
        #expect(site.build(session: session).published)
        #expect(site.html("notes/first/index.html").contains("Changed before the watcher started."))
        #expect(site.html("guide/index.html").contains("First, edited."))
    }

    /// Every kind of change, each reported as inotify reports it: the output after each equals a clean build's.
    @Test func everyKindOfChangeTheWatcherReportsEndsAsACleanBuild() throws {
        let site = try ScratchSite(Self.files)
        let session = BuildSession()
        defer { session.flush() }
        #expect(site.build(session: session).published)
        func rebuild(_ paths: Set<String>, _ change: String) {
            session.watcherSaw(WatchedChanges(paths: paths, completeSince: watching))
            let result = site.build(session: session)
            let clean = site.root.appendingPathComponent("Clean")
            let cleanResult = site.build(into: clean, cache: false)
            #expect(result.published == cleanResult.published, "\(change): \(result.diagnostics)")
            #expect(result.diagnostics == cleanResult.diagnostics, "\(change)")
            #expect(ScratchSite.differences(site.output, clean) == [], "\(change)")
            ScratchSite.remove(clean)
        }
        try site.write(["guide.md": "# Guide\n\n## One\n\nFirst, edited.\n"])
        rebuild(["guide.md"], "a page edited")
        try site.write(["notes/data.txt": "Data, edited.\n"])
        rebuild(["notes/data.txt"], "a static file edited")
        try site.write(["notes/second.md": "# Second note\n\nMore.\n"])
        rebuild(["notes/second.md"], "a page added")
        try site.write(["index.md": "# Home\n\nSee [the second note](notes/second.md) and [a gap](gone.md).\n"])
        rebuild(["index.md"], "a link added, and a broken one")
        try FileManager.default.moveItem(
            at: site.content.appendingPathComponent("notes/second.md"),
            to: site.content.appendingPathComponent("notes/third.md"))
        rebuild(["notes/second.md", "notes/third.md"], "a page renamed")
        try site.remove("notes/first.md")
        rebuild(["notes/first.md"], "a page deleted")
        try site.write(["more/deeper/page.md": "# Deeper\n\nText.\n"])
        rebuild(["more"], "a folder added")
        try site.write(["site.yml": "title: Watched, renamed\n"])
        rebuild(["site.yml"], "site.yml edited")
        try site.write(["more/_folder.yml": "title: More pages\n"])
        rebuild(["more/_folder.yml"], "a folder's settings added")
        try site.write(["guide.md": "---\ndraft: true\n---\n\n# Guide\n"])
        rebuild(["guide.md"], "a page made a draft")
        rebuild([""], "the watcher lost count")
    }

    @Test func aListedFileTheLastReadHadNoFingerprintForIsLookedAtAgain() throws {
        let site = try ScratchSite(Self.files)
        var diagnostics = Diagnostics()
        let first = SiteReader.read(
            .init(contentDirectory: site.content.path), previous: nil, diagnostics: &diagnostics)
        // As if the file could not be asked about then (removed and made again between the walk and its look).
        var known = try #require(first.known)
        known.fingerprints["guide.md"] = nil
        known.fingerprints["notes/data.txt"] = nil
        let next = SiteReader.read(
            .init(contentDirectory: site.content.path), previous: nil, known: known,
            watched: WatchedChanges(paths: [], completeSince: watching), diagnostics: &diagnostics)
        #expect(next.fingerprints["guide.md"] == FileFingerprint(path: site.content.path + "/guide.md"))
        #expect(next.fingerprints["notes/data.txt"] == FileFingerprint(path: site.content.path + "/notes/data.txt"))
        #expect(next.known?.fingerprints == next.fingerprints)
    }

    @Test func onlyAnEditOfAListedFileLetsTheKnownFilesStand() throws {
        let site = try ScratchSite(Self.files)
        var diagnostics = Diagnostics()
        let reading = SiteReader.read(
            .init(contentDirectory: site.content.path), previous: nil, diagnostics: &diagnostics)
        let known = try #require(reading.known)
        let root = site.content.path
        func stands(_ paths: Set<String>, since: UInt64? = nil) -> Bool {
            known.changed(WatchedChanges(paths: paths, completeSince: since ?? watching), root: root) != nil
        }
        #expect(stands([]))
        #expect(stands(["guide.md", "notes/data.txt"]))
        #expect(!stands(["guide.md"], since: known.readStart + 1), "watching only since after the read began")
        #expect(known.changed(WatchedChanges(paths: ["guide.md"], completeSince: nil), root: root) == nil)
        #expect(known.changed(WatchedChanges(paths: ["guide.md"], completeSince: watching), root: "/elsewhere") == nil)
        #expect(!stands(["new.md"]), "a file not listed")
        #expect(!stands(["notes"]), "a folder")
        #expect(!stands([""]), "the content folder itself")
        #expect(!stands(["site.yml"]), "the site's settings")
        try site.remove("guide.md")
        #expect(!stands(["guide.md"]), "a file deleted")
        try FileManager.default.createSymbolicLink(
            atPath: site.content.appendingPathComponent("guide.md").path, withDestinationPath: "index.md")
        #expect(!stands(["guide.md"]), "a file replaced by a link")

        // A listing that met a link is not kept: its target can change where no watcher looks.
        let linked = SiteReader.read(
            .init(contentDirectory: site.content.path), previous: nil, diagnostics: &diagnostics)
        #expect(linked.known == nil)
    }
}
