import Foundation
import Testing

/// A folder or template the build cannot read stops it with an error at its path, and `Public/` is left as it was:
/// skipped without a word, the site lost the folder's pages and the build said it succeeded.
///
/// Permissions bind no one running as root, as CI does: there the build runs as `nobody` (through `setpriv`) on a
/// scratch site handed to that user, so the test fails on the code it guards wherever it runs.
@Suite("Unreadable sources")
struct UnreadableSourceTests {
    /// A built two-page site with a page in `Content/guide/`, owned by the user the build will run as.
    func builtSite() throws -> ScratchSite {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/guide/setup.md", "# Setup\n\nInstall it.\n")
        if geteuid() == 0 { try run("/bin/chown", ["-R", "65534:65534", scratch.sandbox.root.path]) }
        let first = try build(scratch)
        #expect(first.status == 0, "\(first)")
        #expect(Tree.exists(scratch.url("Public/guide/setup/index.html")))
        return scratch
    }

    /// `folio build`, as `nobody` when the tests run as root.
    func build(_ scratch: ScratchSite) throws -> Folio.Run {
        guard geteuid() == 0 else { return try scratch.build() }
        let binary = try #require(Folio.binary)
        return try Folio.run(
            buildArguments, in: scratch.site, timeout: 120, executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
            prefix: ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path])
    }

    func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(program) \(arguments)")
    }

    func chmod(_ scratch: ScratchSite, _ relative: String, _ mode: Int) throws {
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: scratch.url(relative).path)
    }

    @Test func anUnreadableFolderInTheContentStopsTheBuild() throws {
        let scratch = try builtSite()
        let before = try Tree.snapshot(scratch.output)
        try chmod(scratch, "Content/guide", 0o000)
        defer { try? chmod(scratch, "Content/guide", 0o755) }
        let run = try build(scratch)
        #expect(run.status == 1, "\(run)")
        let error = try #require(
            Diagnostic.parse(run.stderr).first { $0.path == "Content/guide" && $0.severity == "error" },
            "no error at the folder:\n\(run.stderr)")
        #expect(error.message.hasPrefix("cannot read this folder (Permission denied)"), "\(error)")
        #expect(Tree.differences(before, try Tree.snapshot(scratch.output)).isEmpty, "Public/ was changed")
    }

    @Test func anUnreadableTemplateStopsTheBuild() throws {
        let scratch = try builtSite()
        try scratch.write("Templates/partials/footer.mustache", "<footer>Ours</footer>\n")
        if geteuid() == 0 { try run("/bin/chown", ["-R", "65534:65534", scratch.url("Templates").path]) }
        let second = try build(scratch)
        #expect(second.status == 0, "\(second)")
        #expect(try Tree.text(scratch.url("Public/index.html")).contains("<footer>Ours</footer>"))
        let before = try Tree.snapshot(scratch.output)
        try chmod(scratch, "Templates/partials/footer.mustache", 0o000)
        let run = try build(scratch)
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Templates/partials/footer.mustache" && $0.severity == "error"
                    && $0.message == "cannot read the file"
            }, "\(run.stderr)")
        #expect(Tree.differences(before, try Tree.snapshot(scratch.output)).isEmpty, "Public/ was changed")
    }
}
