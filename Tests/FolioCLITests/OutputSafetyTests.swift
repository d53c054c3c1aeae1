import Foundation
import Testing

/// SPEC §10, issue 10: the output folder is never a source. Each refused `--output` exits 2 with a message that
/// says what to do, and leaves every file where it was. The site is `<sandbox>/scratch/site`, built once first,
/// and the whole of `scratch` is compared byte for byte before and after.
@Suite("Output safety")
struct OutputSafetyTests {
    /// Builds the scratch site, runs `arguments` from `directory` (default: the site), and expects a refusal.
    func expectRefused(
        _ arguments: [String], from directory: KeyPath<ScratchSite, URL> = \.site, saying phrase: String,
        prepare: (ScratchSite) throws -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try expectRefused(
            { _ in arguments }, from: directory, saying: phrase, prepare: prepare, sourceLocation: sourceLocation)
    }

    func expectRefused(
        _ makeArguments: (ScratchSite) -> [String], from directory: KeyPath<ScratchSite, URL> = \.site,
        saying phrase: String,
        prepare: (ScratchSite) throws -> Void = { _ in }, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let scratch = try ScratchSite()
        let arguments = makeArguments(scratch)
        let first = try scratch.build()
        try #require(first.status == 0, "\(first)", sourceLocation: sourceLocation)
        try prepare(scratch)
        let before = try Tree.snapshot(scratch.scratch)
        let run = try Folio.run(arguments, in: scratch[keyPath: directory], timeout: 60)
        #expect(
            run.status == 2 && !run.signaled, "expected a usage error (exit 2):\n\(run)", sourceLocation: sourceLocation
        )
        #expect(
            run.stderr.contains(phrase), "expected '\(phrase)' in stderr:\n\(run.stderr)",
            sourceLocation: sourceLocation)
        let after = try Tree.snapshot(scratch.scratch)
        #expect(before == after, "files changed: \(Tree.differences(before, after))", sourceLocation: sourceLocation)
    }

    @Test func theContentFolderIsRefused() throws {
        try expectRefused(["build", "--output", "Content"], saying: "the output Content is the content folder itself")
    }

    @Test func aFolderInsideTheContentFolderIsRefused() throws {
        try expectRefused(
            ["build", "--output", "Content/Public"],
            saying: "the output Content/Public lies inside the content folder Content")
    }

    @Test func aFolderContainingTheContentFolderIsRefused() throws {
        // From scratch/, the site folder holds the content but not the current folder.
        try expectRefused(
            ["build", "--content", "site/Content", "--templates", "site/Templates", "--output", "site"],
            from: \.scratch,
            saying: "the output site contains the content folder site/Content")
    }

    @Test func theTemplatesFolderIsRefused() throws {
        try expectRefused(
            ["build", "--output", "Templates"], saying: "the output Templates is the templates folder itself")
    }

    @Test func aFolderInsideTheTemplatesFolderIsRefused() throws {
        try expectRefused(
            ["build", "--output", "Templates/out"],
            saying: "the output Templates/out lies inside the templates folder Templates")
    }

    @Test func theCurrentFolderIsRefused() throws {
        try expectRefused(["build", "--output", "."], saying: "the output . is the current folder")
    }

    @Test func theParentFolderIsRefused() throws {
        try expectRefused(["build", "--output", ".."], saying: "the output .. contains the current folder")
    }

    @Test func anAncestorGivenInFullIsRefused() throws {
        try expectRefused({ ["build", "--output", $0.scratch.path + "/"] }, saying: "contains the current folder")
    }

    @Test func aPathThroughDotDotIsResolvedFirst() throws {
        try expectRefused(
            ["build", "--output", "Public/../Content"],
            saying: "the output Public/../Content is the content folder itself")
    }

    /// `Public/../Site` while `Public` does not exist: the build failed at its very end, moving the built site in.
    @Test func aPathThroughAFolderNotYetMadeIsBuilt() throws {
        let scratch = try ScratchSite()
        let run = try scratch.build(["build", "--output", "Public/../Site"])
        #expect(run.status == 0, "\(run)")
        #expect(Tree.exists(scratch.url("Site/index.html")))
        #expect(!Tree.exists(scratch.url("Public")), "no folder made on the way")
        let again = try scratch.build(["build", "--output", "Nowhere/../Site/"])
        #expect(again.status == 0, "\(again)")
        let folders = try FileManager.default.contentsOfDirectory(atPath: scratch.site.path)
        #expect(folders.filter { !$0.hasPrefix(".folio-cache") }.sorted() == ["Content", "Site", "Templates"])
    }

    @Test func aPathThroughASymbolicLinkIsResolvedFirst() throws {
        try expectRefused(
            ["build", "--output", "shortcut/Public"],
            saying: "the output shortcut/Public lies inside the content folder Content",
            prepare: { try $0.link("shortcut", to: "Content") })
    }

    @Test func aFileIsRefused() throws {
        try expectRefused(
            ["build", "--output", "notes.txt"], saying: "the output notes.txt is a file, not a folder",
            prepare: { try $0.write("notes.txt", "my notes\n") })
    }

    /// A folder under a file: the build ran to its end, then failed with the system's "file exists" (exit 1).
    @Test func aFolderUnderAFileIsRefused() throws {
        for output in ["notes.txt/Public", "notes.txt/a/b/"] {
            try expectRefused(
                ["build", "--output", output],
                saying: "lies under notes.txt, which is a file, not a folder",
                prepare: { try $0.write("notes.txt", "my notes\n") })
        }
    }

    @Test func aSymbolicLinkIsRefused() throws {
        try expectRefused(
            ["build", "--output", "Served"], saying: "the output Served is a symbolic link to ",
            prepare: { scratch in
                try FileManager.default.createDirectory(at: scratch.url("Elsewhere"), withIntermediateDirectories: true)
                try scratch.link("Served", to: "Elsewhere")
            })
    }

    /// `notes.txt/` and `Served/` name the file and the link themselves, not a folder through them (the slash made a
    /// build replace the file, or the link, with the site).
    @Test func aTrailingSlashOrDotIsNoWayPastTheFileAndLinkRefusals() throws {
        for output in ["notes.txt/", "notes.txt//", "notes.txt/."] {
            try expectRefused(
                ["build", "--output", output], saying: "the output notes.txt is a file, not a folder",
                prepare: { try $0.write("notes.txt", "my notes\n") })
        }
        for command in [["build"], ["serve", "--port", "0"]] {
            try expectRefused(
                command + ["--output", "Served/"], saying: "the output Served is a symbolic link to ",
                prepare: { scratch in
                    try FileManager.default.createDirectory(
                        at: scratch.url("Elsewhere"), withIntermediateDirectories: true)
                    try scratch.link("Served", to: "Elsewhere")
                })
        }
        try expectRefused(
            ["build", "--output", "Public/sub/.."], saying: "the output Public/sub/.. ends in '..'",
            prepare: {
                try FileManager.default.createDirectory(at: $0.url("Public/sub"), withIntermediateDirectories: true)
            })
        // `Public/.` is the folder `Public`: built into, nothing written beside it.
        let scratch = try ScratchSite()
        let run = try scratch.build(["build", "--output", "Public/."])
        #expect(run.status == 0, "\(run)")
        #expect(Tree.exists(scratch.url("Public/index.html")))
        #expect(try scratch.leftovers().isEmpty)
    }

    /// With `followSymlinks: true` a folder a link in the content leads to is read as a source: `--force` never
    /// replaces it, and without it the refusal says why.
    @Test func aFolderALinkInTheContentLeadsToIsASource() throws {
        func prepare(_ scratch: ScratchSite) throws {
            try scratch.write(
                "Content/site.yml", try Tree.text(scratch.url("Content/site.yml")) + "\nfollowSymlinks: true\n")
            try scratch.write("Shared/shared.md", "# Shared page\n")
            try scratch.link("Content/shared", to: "../Shared")
        }
        for force in [[], ["--force"]] {
            try expectRefused(
                ["build", "--output", "Shared"] + force,
                saying: "the output Shared is the folder linked from the content folder itself", prepare: prepare)
            try expectRefused(
                ["build", "--output", "Shared/out"] + force,
                saying: "the output Shared/out lies inside the folder linked from the content folder", prepare: prepare)
        }
        // The refusal of Public, linked from the content, suggested --output Public.
        try expectRefused(
            ["build", "--output", "Public"],
            saying: "the output Public is the folder linked from the content folder itself; a build would replace it "
                + "with the built site: pass another --output, such as Site",
            prepare: { scratch in
                try scratch.write(
                    "Content/site.yml", try Tree.text(scratch.url("Content/site.yml")) + "\nfollowSymlinks: true\n")
                try scratch.link("Content/pub", to: "../Public")
            })
    }

    @Test func serveRefusesTheSameFolders() throws {
        try expectRefused(
            ["serve", "--port", "0", "--output", "Content"], saying: "the output Content is the content folder itself")
        try expectRefused(
            ["serve", "--port", "0", "--output", ".."], saying: "the output .. contains the current folder")
    }

    @Test func aFolderFolioDidNotMakeNeedsForce() throws {
        let keep = "<p>a page written by hand</p>\n"
        try expectRefused(
            ["build", "--output", "Handmade"], saying: "the output Handmade is a folder Folio did not make",
            prepare: { try $0.write("Handmade/index.html", keep) })

        let scratch = try ScratchSite()
        try scratch.write("Handmade/index.html", keep)
        let forced = try scratch.build(["build", "--output", "Handmade", "--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(Tree.exists(scratch.url("Handmade/.folio-output")))
        #expect(try Tree.text(scratch.url("Handmade/index.html")) != keep, "--force replaces the folder")
    }

    /// A build cache for this content and output says Folio once built there, not that the folder there now is
    /// Folio's: the author deleted the output and made a folder of their own at its path.
    @Test func aFolderMadeWhereFolioOnceBuiltNeedsForce() throws {
        try expectRefused(
            ["build", "--output", "Public"], saying: "the output Public is a folder Folio did not make",
            prepare: { scratch in
                try FileManager.default.removeItem(at: scratch.url("Public"))
                try scratch.write("Public/thesis.txt", "precious\n")
            })
    }

    /// `--force` replaces a folder Folio did not make, but never the home folder (`--output ~` typed for
    /// `--output ~/site`): everything in it stays.
    @Test func forceNeverReplacesTheHomeFolder() throws {
        let scratch = try ScratchSite()
        try scratch.write("Home/thesis/draft.txt", "precious\n")
        let home = scratch.url("Home").path
        for output in [home, home + "/"] {
            let run = try scratch.build(["build", "--output", output, "--force"], environment: ["HOME": home])
            #expect(run.status == 2, "\(run)")
            #expect(run.stderr.contains("is your home folder"), "\(run.stderr)")
        }
        #expect(try Tree.text(scratch.url("Home/thesis/draft.txt")) == "precious\n")
        let inside = try scratch.build(["build", "--output", home + "/site"], environment: ["HOME": home])
        #expect(inside.status == 0, "a folder inside it is fine: \(inside)")
    }

    @Test func forceNeverReachesASource() throws {
        try expectRefused(
            ["build", "--output", "Content", "--force"], saying: "the output Content is the content folder itself")
        try expectRefused(["build", "--output", "..", "--force"], saying: "contains the current folder")
    }

    /// A named pipe put in the output where a page was is replaced by the page, not opened to wait for a writer: the
    /// build compares a page with its last output before it writes it, and that read held the build for good.
    @Test func aNamedPipeInThePlaceOfAPageIsReplacedNotWaitedOn() throws {
        let scratch = try ScratchSite(nil)
        let first = try scratch.build()
        try #require(first.status == 0, "\(first)")
        let page = scratch.url("Public/about/index.html").path
        try #require(unlink(page) == 0 && mkfifo(page, 0o644) == 0)
        try scratch.write("Content/about.md", "# About\n\nAbout this site, edited.\n")
        let run = try Folio.run(buildArguments, in: scratch.site, timeout: 60)
        #expect(run.status == 0, "\(run)")
        var info = stat()
        let isFile = lstat(page, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
        #expect(isFile, "the page is a file again")
        // Never read while it is a pipe: the test would wait on it as the build did.
        if isFile { #expect(try Tree.text(scratch.url("Public/about/index.html")).contains("this site, edited.")) }
    }

    @Test func anEmptyFolderIsBuiltInto() throws {
        let scratch = try ScratchSite()
        try FileManager.default.createDirectory(at: scratch.url("Empty"), withIntermediateDirectories: true)
        let run = try scratch.build(["build", "--output", "Empty"])
        #expect(run.status == 0, "\(run)")
        #expect(Tree.exists(scratch.url("Empty/index.html")))
        #expect(try Tree.text(scratch.url("Empty/.folio-output")).contains("Folio"))
    }

    /// An output without the mark (built before the mark existed) is refused even with its build cache beside it,
    /// and `--force` replaces it once and marks it.
    @Test func anOutputWithoutTheMarkNeedsForceOnceEvenWithItsCache() throws {
        let scratch = try ScratchSite()
        #expect(try scratch.build().status == 0)
        try FileManager.default.removeItem(at: scratch.url("Public/.folio-output"))
        let refused = try scratch.build()
        #expect(refused.status == 2, "\(refused)")
        #expect(refused.stderr.contains("did not make"), "\(refused)")
        #expect(!Tree.exists(scratch.url("Public/.folio-output")), "the refused folder is left as it was")
        let forced = try scratch.build(buildArguments + ["--force"])
        #expect(forced.status == 0, "\(forced)")
        #expect(Tree.exists(scratch.url("Public/.folio-output")), "--force marks it")
        #expect(try scratch.build().status == 0, "marked, it is Folio's from then on")
    }
}
