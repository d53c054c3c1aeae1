import Foundation

/// The index as `folio serve` keeps it between builds: each page's terms by number, the postings and the shard
/// layout. An edit replaces the edited pages' postings and encodes again only the shards of the terms that changed.
struct SearchIndexState: Sendable {
    var siteKey: String
    var pages: [SearchPage]
    var postings: SearchPostings
    var shards = SearchShards()

    init(siteKey: String, pages: [SearchPage]) {
        self.siteKey = siteKey
        self.pages = pages
        postings = SearchPostings(pages: pages)
    }

    /// The same pages by number, some of them changed: their postings are replaced.
    mutating func update(to new: [SearchPage]) {
        for number in new.indices where new[number] != pages[number] {
            postings.replace(number, old: pages[number], new: new[number])
        }
        pages = new
    }

    /// Lays out the shards of the groups whose terms changed since the last call: their keys, or nil for every group.
    mutating func layOut() -> Set<String>? {
        let groups = Set(shards.update(postings))
        defer { postings.markUnchanged() }
        return postings.everything ? nil : groups
    }

}
