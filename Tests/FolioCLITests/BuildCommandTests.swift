import Foundation
import Testing

/// SPEC §8–9: `folio build` as a pipeline sees it — JSON output, exit statuses, determinism.
@Suite("The build command")
struct BuildCommandTests {
    @Test func jsonFormatPrintsTheDiagnosticsOfAFailedBuild() throws {
        let rejected = try rejectBrokenSite(
            "cli-bad-front-matter-type", arguments: buildArguments + ["--format", "json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(rejected.run.stdout.utf8)) as? [String: Any],
            "stdout is not a JSON object:\n\(rejected.run.stdout)")
        #expect(json["published"] as? Bool == false)
        let diagnostics = try #require(json["diagnostics"] as? [[String: Any]])
        let match = diagnostics.first {
            $0["path"] as? String == "Content/page.md" && $0["line"] as? Int == 3 && $0["column"] as? Int == 8
        }
        let diagnostic = try #require(match, "no diagnostic for Content/page.md:3:8 in \(diagnostics)")
        #expect(diagnostic["severity"] as? String == "error")
        #expect(!((diagnostic["message"] as? String) ?? "").isEmpty)
        let summary = try #require(json["summary"] as? [String: Any])
        for key in ["pages", "sections", "views", "files", "seconds"] {
            #expect(
                summary[key] is NSNumber || summary[key] is Int || summary[key] is Double,
                "summary.\(key) should be a number: \(summary)")
        }
    }

    @Test func jsonFormatPrintsTheSummaryOfAGoodBuild() throws {
        let built = try BuiltSite("cli-summary", ["--format", "json"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(built.run.stdout.utf8)) as? [String: Any],
            "stdout is not a JSON object:\n\(built.run.stdout)")
        #expect(json["published"] as? Bool == true)
        #expect((json["diagnostics"] as? [Any])?.isEmpty == true)
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["pages"] as? Int == 2)
        #expect(summary["sections"] as? Int == 3)
        #expect((summary["seconds"] as? Double).map { $0 >= 0 } == true)
        #expect(built.exists("index.html") && built.exists("other/index.html"))
    }

    @Test func unknownFlagIsAUsageError() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-summary")
        let run = try Folio.run(buildArguments + ["--bogus"], in: site)
        #expect(run.status == 2, "a usage error exits 2:\n\(run)")
        #expect(run.stderr.contains("--bogus"), "\(run)")
        #expect(!Tree.exists(site.appendingPathComponent("Public")), "a usage error must not build")
    }

    @Test func missingContentFolderIsAUsageError() throws {
        let sandbox = try Sandbox()
        let run = try Folio.run(["build", "--content", "NoSuchFolder", "--output", "Public"], in: sandbox.root)
        #expect(run.status == 2, "a usage error exits 2:\n\(run)")
        #expect(run.stderr.contains("NoSuchFolder"), "\(run)")
        #expect(!Tree.exists(sandbox.root.appendingPathComponent("Public")))
    }

    @Test func unknownFormatIsAUsageError() throws {
        let sandbox = try Sandbox()
        let site = try sandbox.site("cli-summary")
        let run = try Folio.run(buildArguments + ["--format", "xml"], in: site)
        #expect(run.status == 2, "a usage error exits 2:\n\(run)")
    }

    @Test func twoBuildsOfTheSameInputAreByteIdentical() throws {
        let built = try BuiltSite("cli-determinism")
        let first = try Tree.snapshot(built.output)
        #expect(first.keys.contains("chapters/twelve/index.html"))

        // Again, into the same folder.
        let again = try Folio.run(buildArguments, in: built.site)
        #expect(again.status == 0, "\(again)")
        let second = try Tree.snapshot(built.output)
        #expect(first == second, "rebuild differs: \(Tree.differences(first, second))")

        // Into another folder, from a copy of the site somewhere else.
        let elsewhere = try Sandbox()
        let copy = try elsewhere.site("cli-determinism")
        let third = try Folio.run(["build", "--content", "Content", "--output", "Elsewhere"], in: copy)
        #expect(third.status == 0, "\(third)")
        let other = try Tree.snapshot(copy.appendingPathComponent("Elsewhere"))
        #expect(first == other, "a build elsewhere differs: \(Tree.differences(first, other))")
    }
}
