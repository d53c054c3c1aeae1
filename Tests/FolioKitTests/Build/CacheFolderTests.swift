import Foundation
import Testing

@testable import FolioKit

/// `.folio-cache/` files are written through temporaries named with the writer's process id; a build killed while
/// writing one leaves it behind, and the next build removes it — but never one whose writer still runs.
@Suite struct CacheFolderTests {
    @Test func aBuildRemovesTheTemporariesOfWritersThatAreGone() throws {
        let site = try ScratchSite(["site.yml": "title: Cache\n", "index.md": "# Home\n\nHello.\n"])
        #expect(site.build().published)
        let cache = site.root.appendingPathComponent(".folio-cache")
        let ended = try TestProcess.ended()
        let running = try TestProcess.running()
        defer { running.terminate() }
        let abandoned = ["build-1a2b.json.tmp-\(ended)", "build-1a2b.facts.tmp-\(ended)"]
        let kept = ["search-1a2b.txt.tmp-\(running.processIdentifier)", "notes.tmp-draft", "mine.txt"]
        for name in abandoned + kept {
            try Data("partial".utf8).write(to: cache.appendingPathComponent(name))
        }

        try site.write(["index.md": "# Home\n\nHello again.\n"])
        #expect(site.build().published)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: cache.path))
        #expect(names.isDisjoint(with: abandoned), "\(names.sorted())")
        #expect(names.isSuperset(of: kept), "\(names.sorted())")
        #expect(!names.contains { $0.contains(".tmp-\(getpid())") }, "this build's own temporaries were renamed")
    }

    @Test func theCachesOfOutputFoldersThatAreGoneAreRemoved() throws {
        let site = try ScratchSite(["site.yml": "title: Cache\n", "index.md": "# Home\n\n[Guide](guide.md)\n"])
        try site.write(["guide.md": "# Guide\n\nText.\n"])
        let cache = site.root.appendingPathComponent(".folio-cache")
        func files() -> Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: cache.path)) ?? []) }
        let preview = site.root.appendingPathComponent("preview")
        #expect(site.build().published)
        let main = files()
        #expect(main.contains { $0.hasSuffix(".output") } && main.contains { $0.hasSuffix(".facts") }, "\(main)")
        #expect(site.build(into: preview).published)
        let previewCache = files().subtracting(main)
        #expect(previewCache.count >= 3, "the preview's cache, facts and note: \(previewCache.sorted())")
        // A cache from before the notes: no note, so kept.
        let unnoted = ["build-0123456789abcdef.json", "search-0123456789abcdef.txt"]
        for name in unnoted { try Data("old".utf8).write(to: cache.appendingPathComponent(name)) }

        try FileManager.default.removeItem(at: preview)
        try site.write(["index.md": "# Home\n\nEdited.\n"])
        #expect(site.build().published)
        #expect(files().isDisjoint(with: previewCache), "left: \(files().sorted())")
        #expect(files().isSuperset(of: main.union(unnoted)), "\(files().sorted())")
        #expect(site.build(into: preview).published, "a folder built again gets a cache again")
        // The edit of the main output's site also kept a copy of that output, and its record (`OutputStandby`).
        let copy = files().filter { $0.hasPrefix("output-") }
        #expect(copy.count == 2, "\(files().sorted())")
        #expect(files().count == main.count + unnoted.count + previewCache.count + copy.count, "\(files().sorted())")
    }

    @Test func aFileIsReplacedWholeOrLeftAsItWas() throws {
        let site = try ScratchSite(["index.md": "# Home\n"])
        let file = site.root.appendingPathComponent(".folio-cache/record.txt").path
        #expect(Array("first".utf8).withUnsafeBytes { CacheFolder.write($0, to: file) })
        #expect(Array("second".utf8).withUnsafeBytes { CacheFolder.write($0, to: file) })
        let written = [UInt8](FileManager.default.contents(atPath: file) ?? Data())
        #expect(CacheChecksum.checked(written) == Array("second".utf8)[...], "the second, with its checksum line")
        #expect(!FileManager.default.fileExists(atPath: CacheFolder.temporary(for: file)))

        // A folder where the file should be: nothing is written, nothing is left behind.
        let blocked = site.root.appendingPathComponent(".folio-cache/blocked").path
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        #expect(!Array("third".utf8).withUnsafeBytes { CacheFolder.write($0, to: blocked) })
        #expect(!FileManager.default.fileExists(atPath: CacheFolder.temporary(for: blocked)))
    }

    @Test func aFileIsReadBackWithoutItsChecksumLineOnlyWhenItIsWhole() throws {
        let site = try ScratchSite(["index.md": "# Home\n"])
        let file = site.root.appendingPathComponent(".folio-cache/record.txt").path
        let text = "folio-facts-2\tkey\npage\tcafé.md\t12\n" + String(repeating: "line\n", count: 20_000)
        #expect(Array(text.utf8).withUnsafeBytes { CacheFolder.write($0, to: file) })
        #expect(CacheFolder.readChecked(file) == text)
        let written = try #require(FileManager.default.contents(atPath: file))

        try Data(written.dropLast()).write(to: URL(fileURLWithPath: file))
        #expect(CacheFolder.readChecked(file) == nil, "cut short")
        var changed = [UInt8](written)
        changed[20] = 0xff  // not UTF-8: replaced as the text is read, so the checksum no longer matches
        try Data(changed).write(to: URL(fileURLWithPath: file))
        #expect(CacheFolder.readChecked(file) == nil, "a byte changed")
        #expect([UInt8]().withUnsafeBytes { CacheFolder.write($0, to: file) })
        #expect(CacheFolder.readChecked(file) == "", "nothing but its checksum")
        #expect(CacheFolder.readChecked(file + ".missing") == nil)
        #expect(CacheFolder.readChecked(site.root.appendingPathComponent(".folio-cache").path) == nil, "a folder")
    }
}
