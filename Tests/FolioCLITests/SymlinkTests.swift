import Foundation
import Testing

/// SPEC §1, issue 10: a symbolic link in Content/ or Templates/ that leads outside it is not followed (a warning at
/// the link, naming its target) unless `followSymlinks: true`; a link into a folder that holds it is never followed.
@Suite("Symbolic links")
struct SymlinkTests {
    /// A scratch site, and beside it (outside the site) a secret page, a folder of certificates and a partial.
    func siteWithOutsideFiles() throws -> (ScratchSite, URL) {
        let scratch = try ScratchSite(nil)
        let outside = scratch.sandbox.root.appendingPathComponent("outside", isDirectory: true)
        try Tree.write("# Secret\n\nroot:x:0:0:the secret line\n", to: outside.appendingPathComponent("secret.md"))
        try Tree.write("CERTIFICATE A\n", to: outside.appendingPathComponent("certs/a.pem"))
        try Tree.write("CERTIFICATE B\n", to: outside.appendingPathComponent("certs/b.pem"))
        return (scratch, outside)
    }

    func warning(_ run: Folio.Run, at path: String) -> Diagnostic? {
        Diagnostic.parse(run.stderr).first {
            $0.path == path && $0.severity == "warning" && $0.line == 1 && $0.column == 1
        }
    }

    @Test func aLinkToAFileOutsideTheContentIsNotFollowed() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try scratch.link("Content/p.md", to: outside.appendingPathComponent("secret.md").path)
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/p.md"), "no warning at the link:\n\(run.stderr)")
        #expect(
            found.message.contains("symbolic link to \(outside.path)/secret.md, outside Content/: not followed"),
            "\(found)")
        #expect(found.message.contains("followSymlinks: true"), "\(found)")
        #expect(!Tree.exists(scratch.url("Public/p/index.html")))
        let published = Tree.files(under: scratch.output).map {
            try? Tree.text(scratch.output.appendingPathComponent($0))
        }
        #expect(!published.contains { $0?.contains("the secret line") == true }, "the outside file was published")
    }

    @Test func aLinkToAFolderOutsideTheContentIsNotFollowed() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try scratch.link("Content/certs", to: outside.appendingPathComponent("certs").path)
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/certs"), "no warning at the link:\n\(run.stderr)")
        #expect(found.message.contains("symbolic link to \(outside.path)/certs, outside Content/"), "\(found)")
        #expect(!Tree.exists(scratch.url("Public/certs")))
    }

    @Test func aLoopIsDetectedAndNotFollowed() throws {
        let scratch = try ScratchSite(nil)
        let plain = try scratch.build()
        #expect(plain.status == 0, "\(plain)")
        let files = Tree.files(under: scratch.output)

        try scratch.link("Content/loop", to: ".")
        try scratch.link("Content/docs/up", to: "../docs")
        try scratch.write("Content/docs/page.md", "# Docs page\n")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        for link in ["Content/loop", "Content/docs/up"] {
            let found = try #require(warning(run, at: link), "no warning at \(link):\n\(run.stderr)")
            #expect(found.message.contains("a folder that contains the link: not followed"), "\(found)")
        }
        #expect(!Tree.exists(scratch.url("Public/loop")) && !Tree.exists(scratch.url("Public/docs/up")))
        // What is new is the docs page (and its folder's, and its search record), nothing from inside a loop.
        let added = Set(Tree.files(under: scratch.output)).subtracting(files)
        #expect(added.contains("docs/page/index.html"), "\(added)")
        #expect(
            added.allSatisfy { ($0.hasPrefix("docs/") || $0.hasPrefix("search/")) && !$0.contains("up/") }, "\(added)")
    }

    @Test func aLinkInsideTheContentIsFollowedAndCopiedAsAFile() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/images/logo.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
        try scratch.link("Content/logo.svg", to: "images/logo.svg")
        let run = try scratch.build()
        #expect(run.status == 0 && !run.stderr.contains("warning"), "\(run)")
        let copy = scratch.url("Public/logo.svg")
        let attributes = try FileManager.default.attributesOfItem(atPath: copy.path)
        #expect(attributes[.type] as? FileAttributeType == .typeRegular, "the output holds a file, not a link")
        #expect(try Tree.text(copy) == "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n")
    }

    @Test func aBrokenLinkIsAWarning() throws {
        let scratch = try ScratchSite(nil)
        try scratch.link("Content/gone.md", to: "nowhere.md")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Content/gone.md"), "\(run.stderr)")
        #expect(found.message.contains("symbolic link to nowhere.md, which does not exist"), "\(found)")
    }

    /// Two links to each other were described as leading nowhere ("does not exist").
    @Test func twoLinksToEachOtherAreALoopNotAMissingFile() throws {
        let scratch = try ScratchSite(nil)
        try scratch.link("Content/a.md", to: "b.md")
        try scratch.link("Content/b.md", to: "a.md")
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        for (link, target) in [("a.md", "b.md"), ("b.md", "a.md")] {
            let found = try #require(warning(run, at: "Content/" + link), "\(run.stderr)")
            #expect(
                found.message.contains("symbolic link to \(target), which leads back to itself through other links"),
                "\(found)")
        }
    }

    @Test func aLinkInTheTemplatesFolderToAFileOutsideIsNotFollowed() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try Tree.write("<footer>outside footer</footer>\n", to: outside.appendingPathComponent("footer.mustache"))
        try scratch.link(
            "Templates/partials/footer.mustache", to: outside.appendingPathComponent("footer.mustache").path)
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        let found = try #require(warning(run, at: "Templates/partials/footer.mustache"), "\(run.stderr)")
        #expect(found.message.contains("outside Templates/: not followed"), "\(found)")
        #expect(!(try Tree.text(scratch.url("Public/index.html"))).contains("outside footer"))
    }

    @Test func followSymlinksFollowsOutsideLinksButNeverLoops() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try scratch.write("Content/site.yml", "title: Scratch\nfollowSymlinks: true\n")
        try scratch.link("Content/p.md", to: outside.appendingPathComponent("secret.md").path)
        try scratch.link("Content/certs", to: outside.appendingPathComponent("certs").path)
        try scratch.link("Content/loop", to: ".")
        // A loop through the outside: outside/certs/back leads to the content folder again.
        try FileManager.default.createSymbolicLink(
            atPath: outside.appendingPathComponent("certs/back").path, withDestinationPath: scratch.url("Content").path)
        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        #expect(try Tree.text(scratch.url("Public/p/index.html")).contains("the secret line"))
        #expect(try Tree.text(scratch.url("Public/certs/a.pem")) == "CERTIFICATE A\n")
        for link in ["Content/loop", "Content/certs/back"] {
            let found = try #require(warning(run, at: link), "no warning at \(link):\n\(run.stderr)")
            #expect(found.message.contains("not followed, it would loop"), "\(found)")
        }
        #expect(warning(run, at: "Content/p.md") == nil, "\(run.stderr)")
        #expect(!Tree.exists(scratch.url("Public/loop")) && !Tree.exists(scratch.url("Public/certs/back")))
    }

    @Test func aWrongFollowSymlinksValueIsAnError() throws {
        let scratch = try ScratchSite(nil)
        try scratch.write("Content/site.yml", "title: Scratch\nfollowSymlinks: sometimes\n")
        let run = try scratch.build()
        #expect(run.status == 1, "\(run)")
        #expect(
            Diagnostic.parse(run.stderr).contains {
                $0.path == "Content/site.yml" && $0.line == 2 && $0.severity == "error"
            },
            "\(run.stderr)")
    }

    @Test func aSiteYmlLinkedFromOutsideTheContentIsAnErrorAndNotRead() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try Tree.write("title: From outside\n", to: outside.appendingPathComponent("site.yml"))
        try FileManager.default.removeItem(at: scratch.url("Content/site.yml"))
        try scratch.link("Content/site.yml", to: outside.appendingPathComponent("site.yml").path)
        let run = try scratch.build()
        #expect(run.status == 1, "\(run)")
        let atLink = Diagnostic.parse(run.stderr).filter { $0.path == "Content/site.yml" }
        #expect(atLink.count == 1, "one message at the link:\n\(run.stderr)")
        #expect(
            atLink.first?.severity == "error"
                && atLink.first?.message.hasPrefix(
                    "site.yml is a symbolic link to \(outside.path)/site.yml, outside Content/") == true,
            "\(run.stderr)")
        #expect(!Tree.exists(scratch.output))
    }

    @Test func anAppearanceYmlLinkedFromOutsideIsReadOnlyWithFollowSymlinks() throws {
        let (scratch, outside) = try siteWithOutsideFiles()
        try scratch.write("Content/index.md", "---\nview: paged\n---\n# Home\n\n## A\n\na\n\n## B\n\nb\n")
        try Tree.write(
            "PageControl:\n  currentPageIndicatorTintColor: \"#123456\"\n",
            to: outside.appendingPathComponent("appearance.yml"))
        try scratch.link("Content/appearance.yml", to: outside.appendingPathComponent("appearance.yml").path)
        let stylesheet = scratch.output.appendingPathComponent("assets/appearance.css")

        let run = try scratch.build()
        #expect(run.status == 0, "\(run)")
        #expect(warning(run, at: "Content/appearance.yml")?.message.contains("not followed") == true, "\(run.stderr)")
        #expect(!(try Tree.text(stylesheet)).contains("#123456"), "the outside rules were applied")

        try scratch.write("Content/site.yml", "title: Scratch\nfollowSymlinks: true\n")
        let followed = try scratch.build()
        #expect(followed.status == 0, "\(followed)")
        #expect(try Tree.text(stylesheet).contains("#123456"), "followSymlinks: true reads it")
    }
}
