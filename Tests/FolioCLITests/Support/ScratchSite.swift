import Foundation
import Testing

/// A fixture site at `<sandbox>/scratch/site`, for tests that aim the output at sources and their parents:
/// whatever a regression does, `..` is `scratch`, never the system's temporary folder or another test's files.
struct ScratchSite {
    let sandbox: Sandbox
    let scratch: URL
    let site: URL

    var output: URL { site.appendingPathComponent("Public", isDirectory: true) }

    /// Copies `fixture` (or, when nil, writes a two-page site) into `<sandbox>/scratch/site`.
    init(_ fixture: String? = "cli-cache") throws {
        sandbox = try Sandbox()
        scratch = try sandbox.folder("scratch")
        site = scratch.appendingPathComponent("site", isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        if let fixture {
            let source = Folio.fixture(fixture)
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name != "Broken" {
                try FileManager.default.copyItem(
                    at: source.appendingPathComponent(name), to: site.appendingPathComponent(name))
            }
        } else {
            try write("Content/site.yml", "title: Scratch\n")
            try write("Content/index.md", "# Home\n\nWelcome.\n")
            try write("Content/about.md", "# About\n\nAbout this site.\n")
        }
    }

    func url(_ relative: String) -> URL { site.appendingPathComponent(relative) }

    /// Turns the search index off (`search: false`), whose shards change with every edit, for tests of which
    /// output files an update touches.
    func withoutSearch() throws {
        try write("Content/site.yml", try Tree.text(url("Content/site.yml")) + "\nsearch: false\n")
    }

    func write(_ relative: String, _ text: String) throws { try Tree.write(text, to: url(relative)) }

    /// A symbolic link at `relative` (inside the site) whose text is `target`.
    func link(_ relative: String, to target: String) throws {
        try FileManager.default.createDirectory(
            at: url(relative).deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url(relative).path, withDestinationPath: target)
    }

    func build(_ arguments: [String] = buildArguments, environment: [String: String] = [:]) throws -> Folio.Run {
        try Folio.run(arguments, in: site, environment: environment, timeout: 120)
    }

    /// What a build leaves while it works: hidden folders beside `Public/` (`.Public.folio-staging-…`) and
    /// temporaries in `.folio-cache/` (`….tmp-<process id>`).
    func leftovers() throws -> [String] {
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.path).filter {
            $0.hasPrefix(".Public.folio-")
        }
        let cache = (try? FileManager.default.contentsOfDirectory(atPath: url(".folio-cache").path)) ?? []
        return (beside + cache.filter { $0.contains(".tmp-") }.map { ".folio-cache/" + $0 }).sorted()
    }
}
