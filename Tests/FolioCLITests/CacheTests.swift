import Foundation
import Testing

/// The build cache (`.folio-cache/`): an incremental build must give exactly what a clean build gives.
@Suite struct CacheTests {
    /// Builds `cli-cache`, applies `change`, builds again with the cache, and compares with a clean build.
    func expectIncrementalEqualsClean(
        _ change: (URL) throws -> Void, rendered expected: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let built = try BuiltSite("cli-cache")
        try change(built.site)
        let incremental = try Folio.run(buildArguments + ["--format", "json"], in: built.site)
        #expect(incremental.status == 0, "\(incremental)", sourceLocation: sourceLocation)
        let clean = try Folio.run(["build", "--content", "Content", "--output", "Clean", "--no-cache"], in: built.site)
        #expect(clean.status == 0, "\(clean)", sourceLocation: sourceLocation)
        let a = try Tree.snapshot(built.output)
        let b = try Tree.snapshot(built.site.appendingPathComponent("Clean"))
        #expect(a == b, "incremental differs from clean: \(Tree.differences(a, b))", sourceLocation: sourceLocation)
        if let expected {
            let summary = try summaryOf(incremental)
            #expect(summary["rendered"] as? Int == expected, "\(incremental.stdout)", sourceLocation: sourceLocation)
        }
    }

    func summaryOf(_ run: Folio.Run) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return try #require(json?["summary"] as? [String: Any])
    }

    func edit(_ site: URL, _ path: String, _ transform: (String) -> String) throws {
        let url = site.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        try transform(text).write(to: url, atomically: true, encoding: .utf8)
    }

    /// One byte changed in a cache file since it was written (a disk error, a cache restored in part) is not
    /// trusted: the file ends in a checksum of the rest. A title changed in the build cache showed in the navigation
    /// of every page rendered after it, and a byte changed in the search cache crashed every later build.
    @Test(arguments: ["build-", "search-", "links-", ".facts"])
    func aCacheFileChangedSinceItWasWrittenIsNotTrusted(file kind: String) throws {
        try expectIncrementalEqualsClean { site in
            let folder = site.appendingPathComponent(".folio-cache")
            let name = try #require(
                try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                    kind.hasPrefix(".")
                        ? $0.hasSuffix(kind)
                        : $0.hasPrefix(kind) && !$0.hasSuffix(".output")
                            && !$0.hasSuffix(".facts")
                })
            let file = folder.appendingPathComponent(name)
            var bytes = [UInt8](try Data(contentsOf: file))
            if let title = bytes.firstRange(of: Array("\tSetup\t".utf8)) {
                bytes[title.upperBound - 2] = UInt8(ascii: "P")  // the cached title of guide/setup.md
            } else {
                let letter = try #require(
                    bytes[(bytes.count / 2)...].firstIndex { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7a })
                bytes[letter] ^= 0x20
            }
            try Data(bytes).write(to: file)
            // Every page rendered again, with what the cache says of the others.
            try edit(site, "Content/site.yml") { $0 + "description: Changed.\n" }
        }
    }

    @Test func aNoOpBuildRendersNothingAndWritesNothing() throws {
        let built = try BuiltSite("cli-cache")
        let page = built.url("guide/setup/index.html")
        let before = try FileManager.default.attributesOfItem(atPath: page.path)
        let rootBefore = try FileManager.default.attributesOfItem(atPath: built.output.path)
        let again = try Folio.run(buildArguments + ["--format", "json"], in: built.site)
        #expect(again.status == 0, "\(again)")
        #expect(try summaryOf(again)["rendered"] as? Int == 0)
        let after = try FileManager.default.attributesOfItem(atPath: page.path)
        let rootAfter = try FileManager.default.attributesOfItem(atPath: built.output.path)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int, "the page file was replaced")
        #expect(rootBefore[.systemFileNumber] as? Int == rootAfter[.systemFileNumber] as? Int, "Public/ was replaced")
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
    }

    @Test func editingOnePageBodyRendersOnlyThatPage() throws {
        try expectIncrementalEqualsClean(
            { site in
                try edit(site, "Content/guide/setup.md") { $0 + "\n## Deploy\n\nCopy Public/.\n" }
            }, rendered: 1)
    }

    @Test func editingAPageTitleRendersThePagesThatListIt() throws {
        try expectIncrementalEqualsClean(
            { site in
                try edit(site, "Content/guide/notes.md") {
                    $0.replacingOccurrences(of: "# Notes", with: "# Field notes")
                }
            }, rendered: 4)
    }

    @Test func editingATemplateRendersEveryPage() throws {
        try expectIncrementalEqualsClean(
            { site in
                try edit(site, "Templates/partials/nav.mustache") { "<nav class=\"x\">" + $0.dropFirst(5) }
            }, rendered: 4)
    }

    @Test func editingTheAppearanceMatchesACleanBuild() throws {
        try expectIncrementalEqualsClean({ site in
            try edit(site, "Content/appearance.yml") { $0.replacingOccurrences(of: "systemBlue", with: "systemPink") }
        })
    }

    @Test func editingTheSiteConfigMatchesACleanBuild() throws {
        try expectIncrementalEqualsClean({ site in
            try edit(site, "Content/site.yml") { _ in "title: Renamed Site\nlanguage: de\n" }
        })
    }

    @Test func deletingAPageRemovesItsOutput() throws {
        try expectIncrementalEqualsClean({ site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("Content/guide/notes.md"))
        })
    }

    @Test func renamingAPageMovesItsOutput() throws {
        try expectIncrementalEqualsClean({ site in
            try FileManager.default.moveItem(
                at: site.appendingPathComponent("Content/guide/notes.md"),
                to: site.appendingPathComponent("Content/guide/journal.md"))
        })
    }

    @Test func changingAStaticFileCopiesTheNewBytes() throws {
        try expectIncrementalEqualsClean({ site in
            try edit(site, "Content/images/logo.svg") { $0.replacingOccurrences(of: "#06c", with: "#c60") }
        })
    }

    @Test func anInPlaceUpdateClearsWhatAnInterruptedOneLeftAndLeavesNothingBehind() throws {
        let built = try BuiltSite("cli-cache")
        let manager = FileManager.default
        let parent = built.output.deletingLastPathComponent()
        // What an update stopped before its renames leaves: its pending folder, beside the output, named with the
        // stopped process's id (here the kernel's largest, which no process is given).
        let stopped = try String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let leftover = parent.appendingPathComponent(".\(built.output.lastPathComponent).folio-pending-\(stopped)")
        try manager.createDirectory(at: leftover, withIntermediateDirectories: true)
        try Data("<p>half</p>".utf8).write(to: leftover.appendingPathComponent("0"))
        try edit(built.site, "Content/guide/setup.md") { $0 + "\nOne more line.\n" }
        let run = try Folio.run(buildArguments + ["--format", "json"], in: built.site)
        #expect(run.status == 0, "\(run)")
        #expect(try summaryOf(run)["rendered"] as? Int == 1)
        #expect(try String(contentsOf: built.url("guide/setup/index.html"), encoding: .utf8).contains("One more line."))
        let hidden = try manager.contentsOfDirectory(atPath: parent.path).filter { $0.hasPrefix(".Public.folio-") }
        #expect(hidden.isEmpty, "left beside the output: \(hidden)")
    }

    @Test func aBuildWithoutTheCacheRendersEverythingAndLeavesACacheForTheNext() throws {
        let built = try BuiltSite("cli-cache")
        let pages =
            try summaryOf(try Folio.run(buildArguments + ["--format", "json"], in: built.site))["pages"] as? Int
        let full = try Folio.run(buildArguments + ["--format", "json", "--no-cache"], in: built.site)
        #expect(full.status == 0, "\(full)")
        #expect(try summaryOf(full)["rendered"] as? Int == pages)
        let next = try Folio.run(buildArguments + ["--format", "json"], in: built.site)
        #expect(try summaryOf(next)["rendered"] as? Int == 0, "\(next.stdout)")
    }

    @Test func aFailedBuildKeepsTheCacheOfTheLastGoodOne() throws {
        let built = try BuiltSite("cli-cache")
        try edit(built.site, "Content/guide/setup.md") { "---\ndraft: maybe\n---\n" + $0 }
        let broken = try Folio.run(buildArguments, in: built.site)
        #expect(broken.status == 1, "\(broken)")
        try edit(built.site, "Content/guide/setup.md") { String($0.dropFirst("---\ndraft: maybe\n---\n".count)) }
        let fixed = try Folio.run(buildArguments, in: built.site)
        #expect(fixed.status == 0, "\(fixed)")
        let clean = try Folio.run(["build", "--content", "Content", "--output", "Clean", "--no-cache"], in: built.site)
        #expect(clean.status == 0, "\(clean)")
        let a = try Tree.snapshot(built.output)
        let b = try Tree.snapshot(built.site.appendingPathComponent("Clean"))
        #expect(a == b, "\(Tree.differences(a, b))")
    }
}
