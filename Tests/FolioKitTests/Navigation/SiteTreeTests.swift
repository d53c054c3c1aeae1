import Testing

@testable import FolioKit

/// The site tree: folders and pages, in `nav:` order, else weight, then date (newest first), then title.
@Suite struct SiteTreeTests {
    static func page(_ path: String, title: String, weight: Int? = nil, date: String? = nil) -> PageSource {
        var listing = PageListing()
        listing.weight = weight
        listing.date = date
        return PageSource(
            sourcePath: path, displayPath: "Content/" + path, url: SitePath.pageURL(forSource: path), title: title,
            listing: listing)
    }

    func titles(_ tree: SiteTree, _ folder: Int) -> [String] {
        tree.nodes[folder].children.map { tree.nodes[$0].title }
    }

    @Test func foldersHoldTheirPagesAndIndexGivesTheFolderItsTitle() {
        let tree = SiteTree(
            pages: [
                Self.page("index.md", title: "Home"), Self.page("guide/index.md", title: "The guide"),
                Self.page("guide/setup.md", title: "Setup"), Self.page("notes/a.md", title: "A"),
                Self.page("about.md", title: "About"),
            ], siteTitle: "Site")
        #expect(tree.nodes[SiteTree.root].title == "Home")
        #expect(titles(tree, SiteTree.root) == ["About", "Notes", "The guide"])
        let guide = tree.node(forURL: "/guide/")!
        #expect(tree.nodes[guide].isFolder && tree.nodes[guide].hasIndex)
        #expect(titles(tree, guide) == ["Setup"])
        let notes = tree.node(forURL: "/notes/")!
        #expect(!tree.nodes[notes].hasIndex, "a folder without index.md gets a generated page")
        #expect(tree.generatedFolders == [notes])
    }

    @Test func orderIsWeightThenNewestDateThenTitle() {
        let tree = SiteTree(
            pages: [
                Self.page("b.md", title: "Beta"), Self.page("a.md", title: "alpha"),
                Self.page("old.md", title: "Old", date: "2024-01-01"),
                Self.page("new.md", title: "New", date: "2025-06-01"),
                Self.page("first.md", title: "Zed first", weight: 1),
                Self.page("second.md", title: "Second", weight: 2),
            ], siteTitle: "Site")
        #expect(titles(tree, SiteTree.root) == ["Zed first", "Second", "New", "Old", "alpha", "Beta"])
    }

    @Test func navOrderComesFirstAtTheTopLevel() {
        let tree = SiteTree(
            pages: [
                Self.page("a.md", title: "A", weight: 1), Self.page("b.md", title: "B"),
                Self.page("c/x.md", title: "X"),
            ], siteTitle: "Site", nav: ["/c/", "/b/"])
        #expect(titles(tree, SiteTree.root) == ["C", "B", "A"])
    }

    @Test func folderNamesBecomeTitlesAndFolderSettingsOverrideThem() {
        let tree = SiteTree(
            pages: [Self.page("release-notes/v1.md", title: "V1"), Self.page("misc/x.md", title: "X")],
            siteTitle: "Site", folders: ["misc": FolderSettings(title: "Odds and ends", weight: -1, paginate: 5)])
        #expect(titles(tree, SiteTree.root) == ["Odds and ends", "Release notes"])
        #expect(tree.nodes[tree.node(forURL: "/misc/")!].paginate == 5)
    }

    @Test func aPageBesideAFolderOfTheSameNameIsItsPage() {
        let tree = SiteTree(
            pages: [Self.page("guide.md", title: "Guide"), Self.page("guide/a.md", title: "A")], siteTitle: "Site")
        let guide = tree.node(forURL: "/guide/")!
        #expect(tree.nodes[guide].isFolder && tree.nodes[guide].hasIndex)
        #expect(titles(tree, SiteTree.root) == ["Guide"])
        #expect(tree.generatedFolders == [SiteTree.root], "only the root (no index.md) is generated")
    }

    @Test func readingOrderIsDepthFirstAndGivesPreviousAndNext() {
        let tree = SiteTree(
            pages: [
                Self.page("index.md", title: "Home"), Self.page("a.md", title: "A", weight: 1),
                Self.page("b/index.md", title: "B", weight: 2), Self.page("b/one.md", title: "One", weight: 1),
                Self.page("b/two.md", title: "Two", weight: 2), Self.page("c.md", title: "C", weight: 3),
            ], siteTitle: "Site")
        #expect(tree.readingOrder.map { tree.nodes[$0].title } == ["Home", "A", "B", "One", "Two", "C"])
        let two = tree.node(forURL: "/b/two/")!
        let (previous, next) = tree.neighbours(of: two)
        #expect(previous.map { tree.nodes[$0].title } == "One")
        #expect(next.map { tree.nodes[$0].title } == "C")
        #expect(tree.ancestors(of: two).map { tree.nodes[$0].title } == ["Home", "B"])
    }
}
