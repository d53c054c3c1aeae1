/// What a shard is encoded from: the site's terms, and the postings of the shard's terms.
protocol SearchPostingLists: Sendable {
    var terms: SearchTermTable { get }
    /// The records holding the term in `slot` (ids `page << 8 | record`, ascending) and its weight in each.
    func postings(_ slot: Int) -> (ids: ArraySlice<UInt32>, weights: ArraySlice<UInt8>)
}

/// Per term, the records that hold it — ids `page << 8 | record`, ascending — and the term's weight in each.
/// Built once from every page's terms; in `folio serve` it is kept between builds and changed page by page,
/// so that an edit costs the edited page's terms, not the site's.
struct SearchPostings: SearchPostingLists, Sendable {
    private(set) var terms = SearchTermTable()
    /// Each slot's postings: slices of two lists that hold every term's, one after the other, as the site's pages
    /// made them (a slice that `replace` changes is copied out then, alone).
    private(set) var ids: [ArraySlice<UInt32>] = []
    private(set) var weights: [ArraySlice<UInt8>] = []
    private(set) var recordCount = 0
    private(set) var pageCount = 0
    /// Slots whose postings changed since the last `markUnchanged()`; every slot when `everything`.
    private(set) var changed: Set<Int> = []
    private(set) var everything = true

    /// `pages[i]` is page number i of the site.
    init(pages: [SearchPage]) {
        let counts = SearchTermCounts(pages: pages)
        let all = SearchPostingsBatch(everyTermOf: pages, counts: counts)
        terms = counts.terms
        ids = counts.counts.indices.map { all.postings($0).ids }
        weights = counts.counts.indices.map { all.postings($0).weights }
        recordCount = counts.recordCount
        pageCount = pages.count
    }

    func postings(_ slot: Int) -> (ids: ArraySlice<UInt32>, weights: ArraySlice<UInt8>) { (ids[slot], weights[slot]) }

    mutating func markUnchanged() {
        changed = []
        everything = false
    }

    /// Page number `number` now has `new` where it had `old`: the postings of the terms whose records or weights
    /// differ are taken out and put back (an edit to one section leaves the page's other terms as they were).
    mutating func replace(_ number: Int, old: SearchPage, new: SearchPage) {
        recordCount += new.records - old.records
        let low = UInt32(number) << 8
        var before: [Int: [UInt8]] = [:]
        old.eachTerm { word, pairs in before[slot(word)] = Array(pairs) }
        var after: [(slot: Int, pairs: [UInt8])] = []
        new.eachTerm { word, pairs in
            let slot = slot(word)
            if let same = before[slot], same.elementsEqual(pairs) {
                before[slot] = nil
            } else {
                after.append((slot, Array(pairs)))
            }
        }
        for slot in before.keys {
            let start = Self.lowerBound(low, in: ids[slot])
            let end = Self.lowerBound(low + 256, in: ids[slot])
            ids[slot].removeSubrange(start..<end)
            weights[slot].removeSubrange(start..<end)
            changed.insert(slot)
        }
        for (slot, pairs) in after {
            let start = Self.lowerBound(low, in: ids[slot])
            let end = Self.lowerBound(low + 256, in: ids[slot])
            ids[slot].replaceSubrange(
                start..<end, with: stride(from: 0, to: pairs.count, by: 2).map { low | UInt32(pairs[$0]) })
            weights[slot].replaceSubrange(start..<end, with: stride(from: 1, to: pairs.count, by: 2).map { pairs[$0] })
            changed.insert(slot)
        }
    }

    private mutating func slot(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        let slot = terms.slot(word)
        if slot == ids.count {
            ids.append([])
            weights.append([])
        }
        return slot
    }

    private static func lowerBound(_ id: UInt32, in list: ArraySlice<UInt32>) -> Int {
        var low = list.startIndex
        var high = list.endIndex
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
