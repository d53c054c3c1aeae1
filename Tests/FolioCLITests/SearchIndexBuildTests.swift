import Foundation
import Testing

/// The search index `folio build` writes (`search/`): on by default, off with `search: false`, and after an edit
/// the incremental build's index is byte for byte the clean build's.
@Suite struct SearchIndexBuildTests {
    func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    func searchTree(_ root: URL) throws -> [String: Data?] {
        try Tree.snapshot(root).filter { $0.key.hasPrefix("search/") }
    }

    /// Builds `cli-cache`, applies `change`, builds again with the cache, and compares `search/` with a clean build's.
    func expectSameIndexAsClean(_ change: (URL) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> BuiltSite
    {
        let built = try BuiltSite("cli-cache")
        try change(built.site)
        let incremental = try Folio.run(buildArguments, in: built.site)
        #expect(incremental.status == 0, "\(incremental)", sourceLocation: sourceLocation)
        let clean = try Folio.run(["build", "--content", "Content", "--output", "Clean", "--no-cache"], in: built.site)
        #expect(clean.status == 0, "\(clean)", sourceLocation: sourceLocation)
        let a = try searchTree(built.output)
        let b = try searchTree(built.site.appendingPathComponent("Clean"))
        #expect(!a.isEmpty, sourceLocation: sourceLocation)
        #expect(
            a == b, "incremental index differs from clean: \(Tree.differences(a, b))", sourceLocation: sourceLocation)
        return built
    }

    func append(_ site: URL, _ path: String, _ text: String) throws {
        let url = site.appendingPathComponent(path)
        try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    @Test func aWordAddedToOnePageIsIndexedAndTheIndexEqualsACleanBuilds() throws {
        let built = try expectSameIndexAsClean { site in
            try append(site, "Content/guide/setup.md", "\n## Deploy\n\nCopy it with rsyncopia.\n")
        }
        let shard = try text(built.url("search/s/rs.js"))
        #expect(shard.contains("\"rsyncopia\":"))
        #expect(try text(built.url("search/index.js")).contains("\"rs\""))
    }

    @Test func aNewPageShiftsNumbersAndTheIndexStillEqualsACleanBuilds() throws {
        _ = try expectSameIndexAsClean { site in
            try "# Aardvark\n\nFirst in the site, so every page after it changes number.\n"
                .write(to: site.appendingPathComponent("Content/guide/aardvark.md"), atomically: true, encoding: .utf8)
        }
    }

    @Test func searchFalseWritesNoIndexAndNoButton() throws {
        let built = try BuiltSite("cli-cache")
        try append(built.site, "Content/site.yml", "\nsearch: false\n")
        let again = try Folio.run(buildArguments, in: built.site)
        #expect(again.status == 0, "\(again)")
        #expect(!FileManager.default.fileExists(atPath: built.url("search").path))
        let page = try text(built.url("index.html"))
        #expect(!page.contains("data-folio-search") && !page.contains("search.js"))
    }

    @Test func aWrongTypeForSearchIsAnErrorAtItsLine() throws {
        let built = try BuiltSite("cli-cache")
        try append(built.site, "Content/site.yml", "\nsearch: maybe\n")
        let again = try Folio.run(buildArguments, in: built.site)
        #expect(again.status == 1)
        #expect(again.stderr.contains("site.yml:") && again.stderr.contains("error:"), "\(again)")
    }
}
