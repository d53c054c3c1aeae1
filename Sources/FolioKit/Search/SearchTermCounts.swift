/// The site's terms and how many postings each has, counted from the pages' terms: what lays out the shards
/// (`SearchShards`) without the postings themselves.
struct SearchTermCounts: Sendable {
    private(set) var terms = SearchTermTable()
    /// Per slot of `terms`: the records that hold the term.
    private(set) var counts: [Int] = []
    /// Per slot: those of them on the first half of the pages (before `SearchPages.half`), so that a batch's postings
    /// are placed by two cores, a half each.
    private(set) var firstHalf: [Int32] = []
    var recordCount = 0

    /// No term yet: the counts of the workers' runs are added as they finish (`add`).
    init() {}

    /// The pages' halves counted at once, one a core, then the second half's terms added to the first's.
    init(pages: some SearchPages) {
        let (first, second) = concurrently(
            { Self(pages: pages, numbers: 0..<pages.half) },
            { Self(pages: pages, numbers: pages.half..<pages.pageCount) })
        self = first
        firstHalf = counts.map { Int32($0) }
        recordCount += second.recordCount
        for other in 0..<second.terms.count {
            let slot = second.terms.term(other).withUnsafeBufferPointer { terms.slot($0) }
            if slot == counts.count {
                counts.append(0)
                firstHalf.append(0)
            }
            counts[slot] += second.counts[other]
        }
    }

    /// The terms of a run of pages and their postings, counted by the worker that made the pages' terms
    /// (`SearchPage.Workspace`): what the index's end lays the shards out from, without reading every page's terms
    /// again.
    struct Part: Sendable {
        /// The run's pages, by number.
        var pages: Range<Int>
        var terms: SearchTermTable
        /// Per slot of `terms`: the records of the run's pages that hold it.
        var counts: [Int32]
    }

    /// Adds the counts of a run of pages, counted in `firstHalf` too when the run lies before the half. Parts added in
    /// page order give every term the slot it would have in counts made from the pages.
    mutating func add(_ part: Part, firstHalf first: Bool) {
        for other in 0..<part.terms.count {
            let slot = part.terms.term(other).withUnsafeBufferPointer { terms.slot($0) }
            if slot == counts.count {
                counts.append(0)
                firstHalf.append(0)
            }
            counts[slot] += Int(part.counts[other])
            if first { firstHalf[slot] += part.counts[other] }
        }
    }

    /// The counts of the pages `numbers`.
    private init(pages: some SearchPages, numbers: Range<Int>) {
        var terms = SearchTermTable()
        var counts: [Int] = []
        var records = 0
        pages.forEachPage(in: numbers) { _, page in
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
