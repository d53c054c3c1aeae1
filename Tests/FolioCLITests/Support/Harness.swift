import Foundation
import Testing

/// The standard arguments of a build run from inside a site folder.
let buildArguments = ["build", "--content", "Content", "--output", "Public"]

/// A fixture site, copied into a sandbox, built with `folio build`.
struct BuiltSite {
    let sandbox: Sandbox
    let site: URL
    let run: Folio.Run

    var output: URL { site.appendingPathComponent("Public", isDirectory: true) }

    /// Copies `fixture` and builds it; expects success.
    init(_ fixture: String, _ extra: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws {
        sandbox = try Sandbox()
        site = try sandbox.site(fixture)
        run = try Folio.run(buildArguments + extra, in: site)
        #expect(run.status == 0, "the build of \(fixture) failed:\n\(run)", sourceLocation: sourceLocation)
    }

    func url(_ relative: String) -> URL { output.appendingPathComponent(relative) }
    func exists(_ relative: String) -> Bool { Tree.exists(url(relative)) }
    func html(_ relative: String) throws -> String { try Tree.text(url(relative)) }
    func main(_ relative: String) throws -> String { HTML.main(try html(relative)) }
}

/// What a rejected build left behind, for the test to check diagnostics against.
struct RejectedBuild {
    let sandbox: Sandbox
    let site: URL
    let run: Folio.Run
    var diagnostics: [Diagnostic] { Diagnostic.parse(run.stderr) }

    func file(_ relative: String) -> URL { site.appendingPathComponent(relative) }

    /// Expects an error at `path` on `line`, at one of `columns`.
    func expectError(
        _ path: String, _ position: Position, orColumns extra: [Int] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let columns = [position.column] + extra
        let found = diagnostics.contains {
            $0.path == path && $0.line == position.line && columns.contains($0.column) && $0.severity == "error"
        }
        #expect(
            found,
            "expected '\(path):\(position.line):\(columns.map(String.init).joined(separator: "|")): error: …' in stderr:\n\(run.stderr)",
            sourceLocation: sourceLocation)
    }
}

/// The contract of SPEC §10 for one bad input:
/// builds the good fixture into `Public/`, snapshots every byte there, breaks the input with `breakSite`
/// (by default: lays the fixture's `Broken/` folder over the site), rebuilds into the same `Public/`, and
/// expects exit status 1, a summary, and `Public/` (and the folder around it) exactly as before.
func rejectBrokenSite(
    _ fixture: String,
    arguments: [String] = buildArguments,
    goodArguments: [String] = buildArguments,
    breakSite: ((URL) throws -> Void)? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> RejectedBuild {
    let sandbox = try Sandbox()
    let site = try sandbox.site(fixture)
    let good = try Folio.run(goodArguments, in: site)
    try #require(
        good.status == 0, "the good version of \(fixture) must build:\n\(good)", sourceLocation: sourceLocation)
    let output = site.appendingPathComponent("Public", isDirectory: true)
    let before = try Tree.snapshot(output)
    #expect(!before.isEmpty, "the good build wrote nothing", sourceLocation: sourceLocation)
    let siteEntriesBefore = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()

    if let breakSite { try breakSite(site) } else { try sandbox.breakSite(site, fixture: fixture) }
    let siteEntriesBroken = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()

    let run = try Folio.run(arguments, in: site)
    #expect(run.status == 1, "a broken \(fixture) must exit 1:\n\(run)", sourceLocation: sourceLocation)
    let after = try Tree.snapshot(output)
    #expect(
        before == after, "Public/ changed after a failed build: \(Tree.differences(before, after))",
        sourceLocation: sourceLocation)
    // No half-written output or staging folder is left beside Public/ either.
    let siteEntriesAfter = try FileManager.default.contentsOfDirectory(atPath: site.path).sorted()
    #expect(
        siteEntriesAfter == siteEntriesBroken,
        "the failed build left \(Set(siteEntriesAfter).subtracting(siteEntriesBefore).sorted()) beside Public/",
        sourceLocation: sourceLocation)
    return RejectedBuild(sandbox: sandbox, site: site, run: run)
}
