/// The site's structure, built once per build: folders and pages in reading order (`nav:` order at the top where
/// given, else weight, then date, newest first, then title). Navigation, folder pages and previous/next read it.
public struct SiteTree: Sendable {
    public struct Node: Sendable {
        /// Site path of the node's page (a folder's: its index.md's URL, or the generated page's `/a/`).
        public var url: String
        public var title: String
        public var description: String?
        public var date: String?
        public var weight: Int?
        public var isFolder: Bool
        /// A folder with its own index.md (else Folio generates its page).
        public var hasIndex = false
        /// Content-relative folder path (`a/b`), empty for the root; for a page, its source path.
        public var path: String
        public var parent: Int?
        public var children: [Int] = []
        /// Position among the parent's children.
        public var position = 0
        public var depth = 0
        /// Entries per listing page of this folder.
        public var paginate = 20
    }

    public private(set) var nodes: [Node]
    /// Page URL → node.
    public private(set) var byURL: [String: Int] = [:]
    /// Every node with a page, in the sidebar's reading order (for previous/next).
    public private(set) var readingOrder: [Int] = []
    private var readingPosition: [Int] = []

    public static let root = 0

    /// - Parameters:
    ///   - pages: the site's pages (any order).
    ///   - nav: site.yml `nav:` URLs: the top level follows their order.
    ///   - folders: settings of folders from `_folder.yml`, by content-relative folder path.
    public init(
        pages: [PageSource], siteTitle: String, nav: [String] = [], paginate: Int = 20,
        folders: [String: FolderSettings] = [:]
    ) {
        nodes = [Node(url: "/", title: siteTitle, isFolder: true, path: "")]
        var folderIndex: [String: Int] = ["": Self.root]
        func folder(_ path: String) -> Int {
            if let index = folderIndex[path] { return index }
            let parent = folder(SitePath.directory(of: path))
            let name = path.split(separator: "/").last.map(String.init) ?? path
            let index = nodes.count
            nodes.append(
                Node(
                    url: "/" + path + "/", title: Self.title(fromFolderName: name), isFolder: true, path: path,
                    parent: parent))
            nodes[parent].children.append(index)
            folderIndex[path] = index
            return index
        }
        for page in pages {
            let directory = SitePath.directory(of: page.sourcePath)
            let name = page.sourcePath.split(separator: "/").last.map { $0.lowercased() } ?? ""
            if name == "index.md" {
                let index = folder(directory)
                nodes[index].url = page.url
                nodes[index].title = page.title
                nodes[index].hasIndex = true
                nodes[index].description = page.listing.description
                nodes[index].date = page.listing.date
                nodes[index].weight = page.listing.weight
            } else {
                let parent = folder(directory)
                nodes.append(
                    Node(
                        url: page.url, title: page.title, description: page.listing.description,
                        date: page.listing.date,
                        weight: page.listing.weight, isFolder: false, path: page.sourcePath, parent: parent))
                nodes[parent].children.append(nodes.count - 1)
            }
        }
        // `a.md` beside a folder `a/` has the folder's URL: it is the folder's page.
        for index in nodes.indices where nodes[index].isFolder && !nodes[index].hasIndex {
            guard let parent = nodes[index].parent,
                let page = nodes[parent].children.first(where: {
                    !nodes[$0].isFolder && nodes[$0].url == nodes[index].url
                })
            else { continue }
            nodes[index].title = nodes[page].title
            nodes[index].hasIndex = true
            nodes[index].description = nodes[page].description
            nodes[index].date = nodes[page].date
            nodes[index].weight = nodes[page].weight
            nodes[parent].children.removeAll { $0 == page }
            nodes[page].parent = nil
        }
        for index in nodes.indices where nodes[index].isFolder {
            nodes[index].paginate = paginate
            guard let settings = folders[nodes[index].path] else { continue }
            if !nodes[index].hasIndex, let title = settings.title { nodes[index].title = title }
            if !nodes[index].hasIndex, let description = settings.description { nodes[index].description = description }
            if let weight = settings.weight, nodes[index].weight == nil { nodes[index].weight = weight }
            if let paginate = settings.paginate { nodes[index].paginate = paginate }
        }
        let navPosition = Dictionary(nav.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        // Each node's place in the order, made once: a comparison copies no node and lower-cases no title.
        let order = nodes.map { node in
            SortKey(
                nav: node.parent == Self.root ? navPosition[node.url] ?? Int.max : Int.max,
                weight: node.weight ?? Int.max, date: node.date, title: node.title.lowercased(), url: node.url)
        }
        for index in nodes.indices where nodes[index].isFolder {
            nodes[index].children.sort { order[$0].precedes(order[$1]) }
        }
        readingPosition = Array(repeating: -1, count: nodes.count)
        var stack = [Self.root]
        while let index = stack.popLast() {
            byURL[nodes[index].url] = index
            readingPosition[index] = readingOrder.count
            readingOrder.append(index)
            for (position, child) in nodes[index].children.enumerated() {
                nodes[child].position = position
                nodes[child].depth = nodes[index].depth + 1
            }
            stack.append(contentsOf: nodes[index].children.reversed())
        }
        // Kept for the whole build at its size: grown a node at a time, the list had up to half its room spare (4 MB
        // of a build of 100,000 pages).
        if nodes.capacity > nodes.count + nodes.count / 8 {
            var exact: [Node] = []
            exact.reserveCapacity(nodes.count)
            exact.append(contentsOf: nodes)
            nodes = exact
        }
    }

    /// A node's place in the sidebar's order: `nav:` entries first in their order, then weight (unset last), dated
    /// pages newest first, then title, then URL so the order never depends on the file system.
    struct SortKey {
        /// Position in site.yml's `nav:` (top level only), else `Int.max`.
        var nav: Int
        var weight: Int
        var date: String?
        /// Lower-cased.
        var title: String
        var url: String

        func precedes(_ other: SortKey) -> Bool {
            if nav != other.nav { return nav < other.nav }
            if weight != other.weight { return weight < other.weight }
            switch (date, other.date) {
            case (let mine?, let theirs?) where mine != theirs: return mine > theirs
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if title != other.title { return title < other.title }
            return url < other.url
        }
    }

    /// `release-notes` → `Release notes`.
    static func title(fromFolderName name: String) -> String {
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        guard let first = words.first else { return name }
        return first.uppercased() + words.dropFirst()
    }

    public func node(forURL url: String) -> Int? { byURL[url] }

    /// The nodes before and after `index` in reading order.
    public func neighbours(of index: Int) -> (previous: Int?, next: Int?) {
        let position = readingPosition[index]
        guard position >= 0 else { return (nil, nil) }
        return (
            position > 0 ? readingOrder[position - 1] : nil,
            position + 1 < readingOrder.count ? readingOrder[position + 1] : nil
        )
    }

    /// The root, then each folder down to `index`'s parent.
    public func ancestors(of index: Int) -> [Int] {
        var chain: [Int] = []
        var current = nodes[index].parent
        while let parent = current {
            chain.append(parent)
            current = nodes[parent].parent
        }
        return chain.reversed()
    }

    /// The folders whose generated page Folio writes (no index.md).
    public var generatedFolders: [Int] { nodes.indices.filter { nodes[$0].isFolder && !nodes[$0].hasIndex } }
}
