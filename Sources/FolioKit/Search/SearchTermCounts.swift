/// The site's terms and how many postings each has, counted from the pages' terms: what lays out the shards
/// (`SearchShards`) without the postings themselves.
struct SearchTermCounts: Sendable {
    private(set) var terms = SearchTermTable()
    /// Per slot of `terms`: the records that hold the term.
    private(set) var counts: [Int] = []
    private(set) var recordCount = 0

    init(pages: some SearchPages) {
        var terms = SearchTermTable()
        var counts: [Int] = []
        var records = 0
        pages.forEachPage { _, page in
            records += page.records
            page.eachTerm { word, pairs in
                let slot = terms.slot(word)
                if slot == counts.count { counts.append(0) }
                counts[slot] += pairs.count / 2
            }
        }
        (self.terms, self.counts, recordCount) = (terms, counts, records)
    }

    /// The groups of the terms whose postings differ between two versions of the site's pages, by number (the terms
    /// of a changed page that it gained or lost, or whose records or weights changed on it).
    static func changedGroups(from before: [SearchPage], to after: [SearchPage]) -> Set<String> {
        var groups: Set<String> = []
        for number in after.indices where after[number] != before[number] {
            var old: [[UInt8]: [UInt8]] = [:]
            before[number].eachTerm { word, pairs in old[Array(word)] = Array(pairs) }
            after[number].eachTerm { word, pairs in
                if let same = old.removeValue(forKey: Array(word)), same.elementsEqual(pairs) { return }
                groups.insert(SearchShards.group(of: word))
            }
            for word in old.keys { groups.insert(word.withUnsafeBufferPointer(SearchShards.group)) }
        }
        return groups
    }
}
