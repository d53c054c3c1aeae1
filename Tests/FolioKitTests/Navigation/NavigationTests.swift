import Testing

@testable import FolioKit

/// A page's bounded view of the tree: windows, breadcrumbs, pagination.
@Suite struct NavigationTests {
    static func folderOf(_ count: Int, paginate: Int = 20) -> SiteTree {
        let pages = (0..<count).map { SiteTreeTests.page("notes/n\(1000 + $0).md", title: "Note \(1000 + $0)") }
        return SiteTree(pages: pages, siteTitle: "Site", paginate: paginate)
    }

    /// Every link in a list of sidebar items, nested ones included.
    func links(_ items: [SidebarItem]) -> [String] {
        items.flatMap { item -> [String] in
            // As a template reads them.
            let own = (item.child(named: "more") as? Bool == true ? "more:" : "") + "\(item.child(named: "title")!)"
            return [own] + links((item.child(named: "items") as? TemplateList<SidebarItem>)?.elements ?? [])
        }
    }

    @Test func windowsAreWholeWhenShortAndCentredWhenLong() {
        #expect(Navigation.window(count: 10, focus: 9, limit: 15, size: 11) == 0..<10)
        #expect(Navigation.window(count: 100, focus: 50, limit: 15, size: 11) == 45..<56)
        #expect(Navigation.window(count: 100, focus: 0, limit: 15, size: 11) == 0..<11)
        #expect(Navigation.window(count: 100, focus: 99, limit: 15, size: 11) == 89..<100)
        #expect(Navigation.window(count: 100, focus: nil, limit: 15, size: 11) == 0..<11)
    }

    @Test func theSidebarOfAPageInALongFolderIsAWindowWithLinksToTheRest() {
        let tree = Self.folderOf(3000)
        let navigation = Navigation(tree: tree)
        let current = tree.node(forURL: "/notes/n2500/")!
        let sidebar = navigation.sidebarItems(.init(node: current), href: { $0 })
        let all = links(sidebar)
        #expect(all.count < 20, "\(all)")
        #expect(all.contains("Note 2500"))
        #expect(all.contains("Note 2495") && all.contains("Note 2505"))
        #expect(all.filter { $0.hasPrefix("more:") }.count == 2, "before and after the window")
        let notes = try! #require(sidebar.first)
        #expect(notes.child(named: "open") as? Bool == true)
    }

    @Test func onAListsNextPageTheSidebarMarksTheFoldersPageAsTheListTheReaderIsIn() {
        let tree = Self.folderOf(50)
        let navigation = Navigation(tree: tree)
        let notes = tree.node(forURL: "/notes/")!
        func marks(_ page: Int) -> (current: Any?, list: Any?) {
            let folder = navigation.sidebarItems(.init(node: notes, listingPage: page), href: { $0 })[0]
            return (folder.child(named: "current"), folder.child(named: "currentList"))
        }
        #expect(marks(1).current as? Bool == true && marks(1).list as? Bool == false)
        #expect(marks(2).current as? Bool == false && marks(2).list as? Bool == true)
        let html = SidebarItem.html(navigation.sidebarItems(.init(node: notes, listingPage: 3), href: { $0 }))
        #expect(html.contains(#"<a href="/notes/" aria-current="true">Overview</a>"#), "\(html)")
        let page = SidebarItem.html(
            navigation.sidebarItems(.init(node: tree.node(forURL: "/notes/n1001/")!), href: { $0 }))
        #expect(!page.contains("aria-current=\"true\""), "a page of the folder is not its list")
    }

    @Test func theSidebarIsTheSameSizeForTenAndThreeThousandSiblings() {
        func size(_ count: Int) -> Int {
            let tree = Self.folderOf(count)
            let navigation = Navigation(tree: tree)
            return links(
                navigation.sidebarItems(.init(node: tree.node(forURL: "/notes/n\(1000 + count / 2)/")!), href: { $0 })
            ).count
        }
        #expect(size(3000) == size(300))
        #expect(size(3000) <= 11 + 2 + 1)
    }

    @Test func breadcrumbsRunFromTheRootToThePage() {
        let tree = SiteTree(
            pages: [SiteTreeTests.page("index.md", title: "Home"), SiteTreeTests.page("a/b/c.md", title: "C")],
            siteTitle: "Site")
        let crumbs = Navigation(tree: tree).breadcrumbs(
            .init(node: tree.node(forURL: "/a/b/c/")!), href: { $0 })
        #expect(crumbs.map(\.title) == ["Home", "A", "B", "C"])
        #expect(crumbs.map(\.href) == ["/", "/a/", "/a/b/", "/a/b/c/"])
        #expect(crumbs.map(\.current) == [false, false, false, true])
        #expect(crumbs.map(\.position) == [1, 2, 3, 4])
    }

    @Test func paginationNumbersTheFirstTheLastAndTheNeighbours() throws {
        let tree = Self.folderOf(200, paginate: 10)
        let navigation = Navigation(tree: tree)
        let notes = tree.node(forURL: "/notes/")!
        #expect(navigation.listingPageCount(notes) == 20)
        #expect(navigation.listingURL(notes, page: 1) == "/notes/")
        #expect(navigation.listingURL(notes, page: 7) == "/notes/page/7/")
        // As a template reads it.
        let pagination = try #require(navigation.pagination(.init(node: notes, listingPage: 7), href: { $0 }))
        let pages = try #require(
            (pagination.child(named: "pages") as? TemplateList<Navigation.Pagination.NumberedPage>)?.elements)
        #expect(
            pages.map { $0.child(named: "gap") as? Bool == true ? "…" : "\($0.child(named: "number")!)" } == [
                "1", "…", "5", "6", "7", "8", "9", "…", "20",
            ])
        #expect(
            pages.filter { $0.child(named: "current") as? Bool == true }.map { $0.child(named: "number") as? Int } == [
                7
            ]
        )
        typealias Adjacent = HrefValue
        #expect("\((pagination.child(named: "previous") as? Adjacent)?.child(named: "href") ?? "")" == "/notes/page/6/")
        #expect("\((pagination.child(named: "next") as? Adjacent)?.child(named: "href") ?? "")" == "/notes/page/8/")
        let children = navigation.children(.init(node: notes, listingPage: 20), href: { $0 })
        #expect(children.count == 10)
        #expect(navigation.pagination(.init(node: notes, listingPage: 1), href: { $0 })?.previous == nil)
    }

    @Test func aShortFolderHasOneListingPageAndNoPagination() {
        let tree = Self.folderOf(20)
        let navigation = Navigation(tree: tree)
        let notes = tree.node(forURL: "/notes/")!
        #expect(navigation.listingPageCount(notes) == 1)
        #expect(navigation.pagination(.init(node: notes), href: { $0 }) == nil)
        #expect(GeneratedPage.all(in: tree, navigation: navigation).map(\.url) == ["/", "/notes/"])
    }

    @Test func theTableOfContentsKeepsItsLevels() {
        let sections = [
            Section(
                id: "a", title: "A", text: "A", level: 2,
                sections: [
                    Section(
                        id: "a1", title: "A1", text: "A1", level: 3,
                        sections: [Section(id: "a1x", title: "x", text: "x", level: 4)])
                ]),
            Section(id: "b", title: "B", text: "B", level: 2),
        ]
        let toc = TableOfContents.entries(sections, levels: 2...3)
        #expect(toc.map(\.id) == ["a", "b"])
        #expect(toc[0].entries.map(\.id) == ["a1"])
        #expect(toc[0].entries[0].entries.isEmpty)
        #expect(TableOfContents.entries(sections, levels: 3...4).map(\.id) == ["a1"])
        // Templates see `entries` and `hasEntries` on every entry, so a recursive partial never reads its parent's.
        let leaf = toc[0].entries[0]
        #expect(
            (leaf.child(named: "entries") as? TemplateList<TableOfContents.Entry>)?.isEmpty == true
                && leaf.child(named: "hasEntries") as? Bool == false)
        #expect(TableOfContents.levels("2-4") == 2...4)
        #expect(TableOfContents.levels("3") == 3...3)
        #expect(TableOfContents.levels("7") == nil)
    }
}
