import Foundation
import Testing

/// A build that cannot write its files (the disk full) fails, leaves the output as it was, and says so in a few
/// lines: a site of 3,000 pages printed 5,920 errors, one a file. The build runs with a limit on the size of a file
/// (`ulimit -f 2`, 1 KB, its signal ignored so a write past it fails), under every page's size.
@Suite("Output write failures")
struct OutputWriteFailureTests {
    /// Standard error redirected to a file that cannot grow (a CI log on a full disk): the first error message
    /// that could not be written crashed the build (`FileHandle.write` traps), instead of its exit status 1.
    @Test func aReportThatCannotBeWrittenIsNoCrash() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/broken.md", "---\ndraft: maybe\n---\n# Broken\n")
        let binary = try #require(Folio.binary)
        for arguments in [buildArguments, ["check"]] {
            let run = try Folio.run(
                arguments, in: scratch.site, timeout: 300, executable: URL(fileURLWithPath: "/bin/sh"),
                prefix: ["-c", "trap '' XFSZ; ulimit -f 0 && exec \"$0\" \"$@\"", binary.path])
            #expect(run.status == 1 && !run.signaled && run.stderr.isEmpty, "\(arguments): \(run)")
        }
    }

    @Test func aBuildThatCanWriteNoFileSaysSoInAFewLines() throws {
        let scratch = try ScratchSite(nil)
        for number in 0..<40 { try scratch.write("Content/p\(number).md", "# Page \(number)\n\nText.\n") }
        #expect(try scratch.build().status == 0)
        let before = try Tree.snapshot(scratch.output)
        try scratch.write("Content/site.yml", "title: Scratch, renamed\n")  // every page written again

        let binary = try #require(Folio.binary)
        let run = try Folio.run(
            buildArguments, in: scratch.site, timeout: 300, executable: URL(fileURLWithPath: "/bin/sh"),
            prefix: ["-c", "trap '' XFSZ; ulimit -f 2 && exec \"$0\" \"$@\"", binary.path])
        #expect(run.status == 1, "\(run)")
        let errors = Diagnostic.parse(run.stderr).filter { $0.severity == "error" }
        let failures = errors.filter {
            $0.message.hasPrefix("cannot write ") && $0.message.hasSuffix("in the output folder: File too large")
        }
        #expect(failures.count == 3, "the first three of one reason:\n\(run.stderr)")
        let summary = try #require(errors.last, "\(run.stderr)")
        #expect(summary.path == "Public", "\(summary)")
        #expect(
            summary.message.hasPrefix("and ")
                && summary.message.hasSuffix(
                    " more files could not be written in the output folder: File too large"),
            "\(summary)")
        let more = Int(summary.message.dropFirst("and ".count).prefix { $0.isNumber }) ?? 0
        #expect(more >= 40, "every page and more: \(summary.message)")
        // The three, the search index's file in the cache (written as pages render), the count.
        #expect(errors.count == 5, "\(run.stderr)")
        #expect(Tree.differences(before, try Tree.snapshot(scratch.output)).isEmpty, "Public/ was changed")
        #expect(try scratch.leftovers().isEmpty)
    }
}
