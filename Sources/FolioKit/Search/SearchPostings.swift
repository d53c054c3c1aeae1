/// Per term, the records that hold it — ids `page << 8 | record`, ascending — and the term's weight in each.
/// Built once from every page's terms; in `folio serve` it is kept between builds and changed page by page,
/// so that an edit costs the edited page's terms, not the site's.
struct SearchPostings: Sendable {
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
        // Two passes: each term's count (and each page's terms' slots, so that no term is looked up twice), then each
        // page's postings of a term written at its term's place in the two lists, made to size (a list per term,
        // written a page at a time, costs a check of that list, and a cache miss, for each of a page's terms).
        var counts: [Int] = []
        var slots: [Int32] = []
        for page in pages {
            recordCount += page.records
            page.eachTerm { word, pairs in
                let slot = terms.slot(word)
                if slot == counts.count { counts.append(0) }
                counts[slot] += pairs.count / 2
                slots.append(Int32(slot))
            }
        }
        // Where each term's postings start in the lists, and then where its next one goes.
        var starts = [Int](repeating: 0, count: counts.count + 1)
        for slot in counts.indices { starts[slot + 1] = starts[slot] + counts[slot] }
        var next = starts
        let total = starts[counts.count]
        var position = 0
        var allWeights: [UInt8] = []
        let allIDs = [UInt32](unsafeUninitializedCapacity: total) { allIDs, initializedIDs in
            allWeights = [UInt8](unsafeUninitializedCapacity: total) { allWeights, initializedWeights in
                next.withUnsafeMutableBufferPointer { next in
                    slots.withUnsafeBufferPointer { slots in
                        for (number, page) in pages.enumerated() {
                            let high = UInt32(number) << 8
                            page.eachTerm { _, pairs in
                                let slot = Int(slots[position])
                                position += 1
                                let start = next[slot]
                                for index in 0..<pairs.count / 2 {
                                    allIDs[start + index] = high | UInt32(pairs[2 * index])
                                    allWeights[start + index] = pairs[2 * index + 1]
                                }
                                next[slot] = start + pairs.count / 2
                            }
                        }
                    }
                }
                initializedWeights = total
            }
            initializedIDs = total
        }
        ids = counts.indices.map { allIDs[starts[$0]..<starts[$0 + 1]] }
        weights = counts.indices.map { allWeights[starts[$0]..<starts[$0 + 1]] }
        pageCount = pages.count
    }

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
