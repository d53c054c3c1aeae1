import Foundation
import Testing

/// A cache file the build cannot write (the disk full) is removed rather than left as the last build's beside the
/// cache's other files, and the build says so. On a nearly full disk the search terms of one state of a page were
/// kept beside the build cache of the next: the build after it took the page as unchanged and left a word the page no
/// longer has in the index, where a clean build has none.
///
/// The disk is made full for the cache only: the build runs with a limit on the size of a file it writes (`ulimit
/// -f`, its signal ignored so a write past it fails with EFBIG), above every file of the output and below the search
/// cache's size (about 100 KB) and above the build cache's and the link facts' (about 35 and 55 KB), which are
/// written.
@Suite("Cache write failures")
struct CacheWriteFailureTests {
    /// 400 short pages: each output file under 20 KB, the search cache about 100 KB.
    func site() throws -> ScratchSite {
        let scratch = try ScratchSite(nil)
        for folder in 0..<8 {
            for number in 0..<50 {
                let sections = (0..<4).map { section in
                    "## Section \(section)\n\n"
                        + String(repeating: "Lorem ipsum dolor word\(folder)x\(number)x\(section). ", count: 5)
                }
                try scratch.write(
                    "Content/d\(folder)/p\(number).md",
                    "# Page \(folder)-\(number)\n\n" + sections.joined(separator: "\n\n"))
            }
        }
        return scratch
    }

    func edit(_ scratch: ScratchSite, word: String) throws {
        try scratch.write("Content/d2/p2.md", "# Page 2-2\n\nThe \(word) is here.\n\n## Section\n\nMore \(word).\n")
    }

    /// `folio build` unable to write a file over 80 KB (`ulimit -f` counts blocks of 512 bytes in sh).
    func buildWithSmallFiles(_ scratch: ScratchSite) throws -> Folio.Run {
        let binary = try #require(Folio.binary)
        return try Folio.run(
            buildArguments, in: scratch.site, timeout: 300, executable: URL(fileURLWithPath: "/bin/sh"),
            prefix: ["-c", "trap '' XFSZ; ulimit -f 160 && exec \"$0\" \"$@\"", binary.path])
    }

    @Test func aCacheFileThatCannotBeWrittenIsRemovedAndTheNextBuildsMatchACleanOne() throws {
        let scratch = try site()
        try edit(scratch, word: "zebra")
        #expect(try scratch.build().status == 0)
        let searchCache = try #require(
            try FileManager.default.contentsOfDirectory(atPath: scratch.url(".folio-cache").path).first {
                $0.hasPrefix("search-")
            })
        let searchCacheSize = try #require(
            try FileManager.default.attributesOfItem(atPath: scratch.url(".folio-cache/" + searchCache).path)[.size]
                as? Int)
        try #require(searchCacheSize > 80 * 1024, "the search cache must be larger than the limit")

        try edit(scratch, word: "yak")
        let full = try buildWithSmallFiles(scratch)
        #expect(full.status == 0, "the output fits: \(full)")
        #expect(
            full.stdout.contains("note: could not write the build cache ") && full.stdout.contains(searchCache),
            "\(full)")
        #expect(!Tree.exists(scratch.url(".folio-cache/" + searchCache)), "the last build's search cache is gone")
        #expect(try Tree.text(scratch.url("Public/d2/p2/index.html")).contains("yak"))
        let leftovers = try scratch.leftovers()
        #expect(leftovers.isEmpty, "\(leftovers)")

        // Nothing changed, then the page back as it was: the index must be a clean build's.
        #expect(try scratch.build().status == 0)
        try edit(scratch, word: "zebra")
        let back = try scratch.build()
        #expect(back.status == 0 && !back.stdout.contains("could not write"), "\(back)")
        let clean = try scratch.build(["build", "--no-cache", "--output", "Clean"])
        #expect(clean.status == 0, "\(clean)")
        let built = try Tree.snapshot(scratch.url("Public/search"))
        let expected = try Tree.snapshot(scratch.url("Clean/search"))
        let differences = Tree.differences(expected, built)
        #expect(differences.isEmpty, "the index differs from a clean build's in \(differences)")
    }
}
