import Foundation
import Testing

@testable import FolioKit

/// Every source file is read through `SourceText`: these are the rules it applies to the bytes.
@Suite struct SourceTextTests {
    @Test func aByteOrderMarkIsDroppedAndLineEndingsBecomeLF() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\nd\r\r\n".utf8)
        #expect(try SourceText.decode(bytes).get() == "a\nb\nc\nd\n\n")
        #expect(try SourceText.decode(Array("plain\n".utf8)).get() == "plain\n")
        #expect(try SourceText.decode([]).get() == "")
        #expect(try SourceText.decode([0xEF, 0xBB, 0xBF]).get() == "")
    }

    @Test func aByteOrderMarkInsideTheTextIsKept() throws {
        #expect(try SourceText.decode(Array("a\u{FEFF}b".utf8)).get() == "a\u{FEFF}b")
    }

    @Test func invalidUTF8IsPlacedCountingCRLFAndCRAsOneLineBreak() {
        #expect(SourceText.decode(Array("ab\r\ncd".utf8) + [0xFF]) == .failure(.invalidUTF8(line: 2, column: 3)))
        #expect(SourceText.decode(Array("ab\rc\r".utf8) + [0xC3]) == .failure(.invalidUTF8(line: 3, column: 1)))
        #expect(SourceText.decode([0xEF, 0xBB, 0xBF, 0x61, 0xFF]) == .failure(.invalidUTF8(line: 1, column: 2)))
        #expect(SourceText.decode(Array("é".utf8) + [0xED, 0xA0, 0x80]) == .failure(.invalidUTF8(line: 1, column: 2)))
    }

    @Test func aFileIsReadWholeWhateverItsSizeAndAFolderOrMissingFileIsUnreadable() throws {
        let site = try ScratchSite([
            "empty.md": "", "one.md": "x", "page.md": String(repeating: "Lorem ipsum.\r\n", count: 5_000),
        ])
        let content = site.content.path
        #expect(try SourceText.read(content + "/empty.md").get() == "")
        #expect(try SourceText.read(content + "/one.md").get() == "x")
        #expect(try SourceText.read(content + "/page.md").get() == String(repeating: "Lorem ipsum.\n", count: 5_000))
        #expect(SourceText.read(content + "/page.md", limit: 1_000) == .failure(.tooLarge(size: 70_000, limit: 1_000)))
        #expect(try SourceText.read(content + "/page.md", limit: 70_000).get().count == 65_000)
        #expect(SourceText.read(content) == .failure(.unreadable), "a folder")
        #expect(SourceText.read(content + "/missing.md") == .failure(.unreadable))
        // A file whose size is not known beforehand (not a regular file) is read until it ends.
        let pipe = Pipe()
        let text = String(repeating: "piped text ", count: 2_000)
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        #expect(try SourceText.read("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)").get() == text)
    }

    /// A site.yml (or any source) that is a device or a named pipe: never read without end, never waited on.
    @Test func aDeviceIsReadToThePageLimitAndAPipeNobodyWritesIsNotWaitedOn() throws {
        for (limit, given) in [(SiteConfig().maxPageSize, nil), (100, 100)] {
            guard case .failure(.tooLarge(let size, limit)) = SourceText.read("/dev/zero", limit: given) else {
                Issue.record("/dev/zero with the limit \(limit): \(SourceText.read("/dev/zero", limit: given))")
                continue
            }
            #expect(size > limit && size <= limit + (1 << 24), "stopped soon after the limit: \(size)")
        }
        let site = try ScratchSite(["index.md": "# Home\n"])
        let fifo = site.content.path + "/site.yml"
        try #require(mkfifo(fifo, 0o644) == 0)
        #expect(try SourceText.read(fifo).get() == "")
    }

    @Test func byteCountsReadAndPrintAsPeopleWriteThem() {
        #expect(ByteCount.parse("10 MB") == 10 << 20)
        #expect(ByteCount.parse("512kb") == 512 << 10)
        #expect(ByteCount.parse("4096") == 4096)
        #expect(ByteCount.parse("0") == nil)
        #expect(ByteCount.parse("-5 MB") == nil)
        #expect(ByteCount.parse("99999999999999999999 GB") == nil)
        #expect(ByteCount.parse("9223372036854775807 GB") == nil)
        #expect(ByteCount.parse("big") == nil)
        #expect(ByteCount.describe(10 << 20) == "10 MB")
        #expect(ByteCount.describe((10 << 20) + 300_000) == "10.3 MB")
        #expect(ByteCount.describe(900) == "900 bytes")
    }

    @Test func theFrontMatterOfACRLFPageSplitsAfterNormalising() throws {
        let text = try SourceText.decode(Array("---\r\ntitle: T\r\n---\r\nBody\r\n".utf8)).get()
        var diagnostics = Diagnostics()
        let split = FrontMatterParser.split(text, path: "p.md", diagnostics: &diagnostics)
        #expect(
            split.yaml == "title: T\n" && split.body == "Body\n" && split.bodyLineOffset == 3 && diagnostics.isEmpty)
        // A fence alone, without a line break, is body text and no crash.
        #expect(FrontMatterParser.split("---", path: "p.md", diagnostics: &diagnostics).yaml == nil)
        #expect(FrontMatterParser.split("---\n", path: "p.md", diagnostics: &diagnostics).yaml == nil)
    }
}

@Suite struct YAMLBoundsTests {
    @Test func aliasesThatExpandPastTheLimitAreStoppedAtTheAlias() {
        var lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"]
        for (level, name) in "bcdef".enumerated() {
            let previous = Array("abcdef")[level]
            lines.append(
                "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]")
        }
        let diagnostic = YAMLBounds.check(lines.joined(separator: "\n"), path: "p.md", lineOffset: 1)
        #expect(
            diagnostic?.line == 5 && diagnostic?.message.contains("alias") == true, "\(String(describing: diagnostic))")
    }

    @Test func aliasesWithinTheLimitPass() {
        #expect(
            YAMLBounds.check("a: &a {light: white, dark: black}\nb: *a\nc: *a\n", path: "x.yml", lineOffset: 0) == nil)
        #expect(YAMLBounds.check("", path: "x.yml", lineOffset: 0) == nil)
        #expect(
            YAMLBounds.check("key: [unclosed", path: "x.yml", lineOffset: 0) == nil, "syntax errors are Yams' to report"
        )
    }

    @Test func nestingPastTheLimitIsStopped() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let diagnostic = YAMLBounds.check("k: " + deep, path: "x.yml", lineOffset: 0)
        #expect(
            diagnostic?.line == 1 && diagnostic?.column == 3 + YAMLBounds.maxDepth, "\(String(describing: diagnostic))")
        #expect(YAMLBounds.check("k: [[[[x]]]]", path: "x.yml", lineOffset: 0) == nil)
    }

    /// Most front matter is not parsed twice: its bytes show it cannot go past a limit. That test must never pass a
    /// text the parse would stop, however the nesting is written.
    @Test func theByteTestNeverPassesWhatTheParseWouldStop() {
        let block = (0...64).map { String(repeating: "  ", count: $0) + "k\($0):" }.joined(separator: "\n") + " x"
        let dashes = String(repeating: "- ", count: 65) + "x"
        let flow = String(repeating: "{a: ", count: 65) + "x" + String(repeating: "}", count: 65)
        for text in [block, dashes, flow] {
            #expect(!YAMLBounds.isWithinBoundsByItsBytes(text))
            #expect(YAMLBounds.check(text, path: "x.yml", lineOffset: 0) != nil, "\(text.prefix(40))")
        }
        let atTheLimit = String(repeating: "- ", count: YAMLBounds.maxDepth) + "x"
        #expect(YAMLBounds.isWithinBoundsByItsBytes(atTheLimit))
        #expect(YAMLBounds.check(atTheLimit, path: "x.yml", lineOffset: 0) == nil)
        #expect(!YAMLBounds.isWithinBoundsByItsBytes("a: &a x\nb: *a\n"), "an alias is always parsed")
        let front = "title: Tabs\ndate: 2026-01-05\ntags: [a, b]\nview: tabs > paged\nweight: 3\n"
        #expect(YAMLBounds.isWithinBoundsByItsBytes(front))
    }
}

@Suite struct IncludeChainTests {
    @Test func theChainIsShownFromItsRepeatingPart() {
        #expect(IncludeChain.describe(["layouts/default", "tree", "tree", "tree"]) == "tree → tree → …")
        #expect(IncludeChain.describe(["layouts/default", "a", "b", "a", "b", "a"]) == "a → b → a → …")
        #expect(IncludeChain.describe(["layouts/default", "x", "y"]) == "layouts/default → x → y")
    }

    @Test func aTemplateCannotNameTheWrappersSections() {
        #expect(
            IncludeChain.reservedNamePosition(in: "a\n  {{#folio-include-end}}{{/folio-include-end}}") ?? (0, 0) == (
                2, 6
            ))
        #expect(IncludeChain.reservedNamePosition(in: "{{> folio-body-3}}") ?? (0, 0) == (1, 5))
        #expect(IncludeChain.reservedNamePosition(in: "{{> folio}}") == nil)
    }

    @Test func onlyATemplateThatCannotIncludeAnotherGoesWithoutTheWrapper() {
        let leaves = ["", "<footer>© us</footer>\n", "{{{folio-direct-head}}}", "{{#page}}{{title}}{{/page}} a > b"]
        for leaf in leaves {
            #expect(IncludeChain.includesNothing(leaf), "\(leaf)")
        }
        for including in [
            "{{> footer}}", "a {{>footer}}", "{{  > footer}}", "{{\t< parent}}{{/parent}}", "{{>*dynamic}}",
            "{{=<% %>=}}<%> footer%>", "{{ = | | = }}", "{{{> odd}}}",
        ] {
            #expect(!IncludeChain.includesNothing(including), "\(including)")
        }
    }
}
