/// The postings of the terms of some shards, made from the pages' terms. `folio build` encodes the shards a batch
/// at a time, so that the site's postings (five bytes a record a term: 20 MB for 10,000 pages) are never all in
/// memory at once; `folio serve` keeps them whole (`SearchPostings`, made as one batch of every term), to change
/// them page by page.
struct SearchPostingsBatch: SearchPostingLists {
    /// Groups of shards, each group the shards of one key (`SearchShards.groups`).
    typealias Groups = [(key: String, shards: [SearchShards.Shard])]

    let terms: SearchTermTable
    /// Per slot of `terms`: its place in the batch (-1: not in it).
    private var places: [Int32]
    private var starts: [Int] = [0]
    private var ids: [UInt32] = []
    private var weights: [UInt8] = []

    /// A thirty-second of the site's postings (a site of fewer than a million in one batch): each batch reads every
    /// page's terms again, but looks up only the words of its own groups, so a word is looked up twice in all
    /// (counted, then placed) however many batches there are. A quarter held 53 MB of postings at once for 100,000
    /// pages, at the build's peak; an eighth took 20–30 MB off it at no cost in time measured, a sixteenth about 9 MB
    /// more of the peak for about 2 % of the time at that size (none below it), a thirty-second about 7 MB more, at
    /// no time measured (a sixty-fourth: nothing more).
    static func limit(_ counts: SearchTermCounts) -> Int { max(1 << 20, counts.counts.reduce(0, +) / 32) }

    /// `groups` in key order cut into batches of about `limit` postings each (a group is never split).
    static func batches(_ groups: Groups, counts: SearchTermCounts, limit: Int) -> [Groups] {
        var batches: [Groups] = []
        var batch: Groups = []
        var size = 0
        for group in groups.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            if !batch.isEmpty, size >= limit {
                batches.append(batch)
                batch = []
                size = 0
            }
            batch.append(group)
            for shard in group.shards { size += shard.slots.reduce(0) { $0 + counts.counts[$1] } }
        }
        if !batch.isEmpty { batches.append(batch) }
        return batches
    }

    /// The postings of the shards of `groups` (a batch from `batches`); `pages[i]` is page number i of the site.
    init(pages: some SearchPages, counts: SearchTermCounts, groups: Groups) {
        // Only a word whose group lies between the batch's first and last in key order is looked up.
        let orders = groups.map { Self.order($0.key) }
        self.init(
            pages: pages, counts: counts, slots: groups.lazy.flatMap(\.shards).flatMap(\.slots),
            groups: (orders.min() ?? 0)...(orders.max() ?? 0))
    }

    /// The postings of every term of the site.
    init(everyTermOf pages: some SearchPages, counts: SearchTermCounts) {
        self.init(pages: pages, counts: counts, slots: counts.counts.indices, groups: 0...UInt64.max)
    }

    /// The postings of `slots`, whose terms' groups lie in `groups` (by `SearchShards.groupOrder`): the pages'
    /// halves placed at once, one a core, the second half's postings of a term after the first's
    /// (`SearchTermCounts.firstHalf`), so that each term's postings are in page order.
    private init(
        pages: some SearchPages, counts: SearchTermCounts, slots: some Sequence<Int>, groups: ClosedRange<UInt64>
    ) {
        terms = counts.terms
        places = [Int32](repeating: -1, count: counts.terms.count)
        var secondHalf: [Int] = []
        for slot in slots {
            places[slot] = Int32(starts.count - 1)
            secondHalf.append(starts[starts.count - 1] + Int(counts.firstHalf[slot]))
            starts.append(starts[starts.count - 1] + counts.counts[slot])
        }
        let total = starts[starts.count - 1]
        let terms = terms
        let places = places
        ids = [UInt32](repeating: 0, count: total)
        weights = [UInt8](repeating: 0, count: total)
        ids.withUnsafeMutableBufferPointer { ids in
            weights.withUnsafeMutableBufferPointer { weights in
                // Each half writes only its own postings' places.
                func place(_ numbers: Range<Int>, from start: [Int]) {
                    var next = start
                    pages.forEachPage(in: numbers) { number, page in
                        let page24 = UInt32(number) << 8
                        page.eachTerm { word, pairs in
                            guard groups.contains(SearchShards.groupOrder(word)), let slot = terms.existing(word),
                                places[slot] >= 0
                            else { return }
                            let place = Int(places[slot])
                            var at = next[place]
                            for index in stride(from: 0, to: pairs.count, by: 2) {
                                ids[at] = page24 | UInt32(pairs[index])
                                weights[at] = pairs[index + 1]
                                at += 1
                            }
                            next[place] = at
                        }
                    }
                }
                _ = concurrently(
                    { place(0..<pages.half, from: starts) },
                    { place(pages.half..<pages.pageCount, from: secondHalf) })
            }
        }
    }

    private static func order(_ key: String) -> UInt64 {
        var key = key
        return key.withUTF8(SearchShards.groupOrder)
    }

    func postings(_ slot: Int) -> (ids: ArraySlice<UInt32>, weights: ArraySlice<UInt8>) {
        let place = Int(places[slot])
        guard place >= 0 else { return ([], []) }
        let range = starts[place]..<starts[place + 1]
        return (ids[range], weights[range])
    }
}
