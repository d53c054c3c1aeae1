/// How the terms are laid out in shard files: grouped by their first two letters (by the first alone for CJK text,
/// whose terms are character pairs), a group larger than the limit split by one more letter (up to six). Each
/// group's layout depends only on its own terms, so after an edit only the groups of the terms that changed are laid
/// out and encoded again.
struct SearchShards: Sendable {
    struct Shard: Sendable {
        var key: String
        /// Term slots, in byte order of the terms.
        var slots: [Int]
    }

    /// A shard larger than this is split by one more character of its terms.
    static let limit = 24 * 1024

    /// Group key (a term's first two letters) of each slot.
    private var groupOf: [String] = []
    private var members: [String: [Int]] = [:]
    /// Group key → its shards (none when all its terms have left the site).
    private(set) var groups: [String: [Shard]] = [:]

    /// Lays out again the groups that hold a changed slot; returns their keys (sorted).
    mutating func update(_ postings: SearchPostings) -> [String] {
        update(
            terms: postings.terms, changed: postings.everything ? nil : postings.changed,
            count: { postings.ids[$0].count })
    }

    /// Lays out every group of a site's terms.
    mutating func update(_ counts: SearchTermCounts) -> [String] {
        update(terms: counts.terms, changed: nil, count: { counts.counts[$0] })
    }

    /// Lays out again the groups of `changed` slots (of every slot when nil) and of the slots new in `terms`;
    /// `count` gives a slot's number of postings (none: the term has left the site).
    private mutating func update(terms: SearchTermTable, changed: Set<Int>?, count: (Int) -> Int) -> [String] {
        var dirty: Set<String> = []
        for slot in groupOf.count..<terms.count {
            let key = terms.term(slot).withUnsafeBufferPointer {
                String(decoding: $0[..<Self.groupEnd($0)], as: UTF8.self)
            }
            groupOf.append(key)
            members[key, default: []].append(slot)
            dirty.insert(key)
        }
        if let changed {
            for slot in changed { dirty.insert(groupOf[slot]) }
        } else {
            dirty = Set(members.keys)
        }
        for key in dirty {
            let live = members[key, default: []].filter { count($0) > 0 }.sorted {
                terms.term($0).lexicographicallyPrecedes(terms.term($1))
            }
            var shards: [Shard] = []
            if !live.isEmpty {
                Self.split(
                    key: key, length: Self.isCJK(key) ? 1 : 2, slots: live, terms: terms, count: count, into: &shards)
            }
            groups[key] = shards.isEmpty ? nil : shards
        }
        return dirty.sorted()
    }

    /// Every shard key, sorted (what `index.js` lists).
    var keys: [String] { groups.values.flatMap { $0.map(\.key) }.sorted() }

    private static func split(
        key: String, length: Int, slots: [Int], terms: SearchTermTable, count: (Int) -> Int,
        into shards: inout [Shard]
    ) {
        var size = 0
        for slot in slots { size += terms.term(slot).count + 4 + count(slot) * 4 }
        guard size > limit, length < 6 else {
            shards.append(Shard(key: key, slots: slots))
            return
        }
        // A term as long as the key stays in it; longer ones go by their next letter (slots stay in byte order).
        var kept: [Int] = []
        var longer: [(key: [UInt8], slots: [Int])] = []
        for slot in slots {
            let term = terms.term(slot)
            let next = prefix(term, length + 1)
            if scalarCount(term) <= length {
                kept.append(slot)
            } else if let last = longer.last, last.key.elementsEqual(next) {
                longer[longer.count - 1].slots.append(slot)
            } else {
                longer.append((Array(next), [slot]))
            }
        }
        if !kept.isEmpty || longer.isEmpty { shards.append(Shard(key: key, slots: kept)) }
        for group in longer {
            split(
                key: String(decoding: group.key, as: UTF8.self), length: length + 1, slots: group.slots,
                terms: terms, count: count, into: &shards)
        }
    }

    /// The key of the group a word belongs to: its first two Unicode scalars, or its first alone when that is CJK.
    static func group(of word: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: word[..<groupEnd(word)], as: UTF8.self)
    }

    /// Where a word's group key ends in its UTF-8: after its first two Unicode scalars, or after its first when that
    /// is CJK (a CJK term is a pair of characters: grouped by both, every pair of a page of Chinese was a file).
    @inline(__always)
    static func groupEnd(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        guard !word.isEmpty else { return 0 }
        let first = scalarLength(word[0])
        guard first < word.count else { return word.count }
        if first >= 3, isCJK(firstScalarOf: word) { return first }
        return min(word.count, first + scalarLength(word[first]))
    }

    /// Whether a word of three bytes or more starts with a CJK scalar (`SearchText.isCJK`), read from its UTF-8.
    @inline(__always)
    private static func isCJK(firstScalarOf word: UnsafeBufferPointer<UInt8>) -> Bool {
        let value: UInt32 =
            word[0] < 0xf0
            ? UInt32(word[0] & 0x0f) << 12 | UInt32(word[1] & 0x3f) << 6 | UInt32(word[2] & 0x3f)
            : UInt32(word[0] & 0x07) << 18 | UInt32(word[1] & 0x3f) << 12 | UInt32(word[2] & 0x3f) << 6
                | UInt32(word[3] & 0x3f)
        return Unicode.Scalar(value).map(SearchText.isCJK) ?? false
    }

    /// Whether a group key is CJK (its first scalar is).
    private static func isCJK(_ key: String) -> Bool { key.unicodeScalars.first.map(SearchText.isCJK) ?? false }

    /// The length of a UTF-8 scalar, read from its first byte.
    @inline(__always)
    static func scalarLength(_ lead: UInt8) -> Int { lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4 }

    /// A word's group key as a number that sorts as the key's bytes do: its (at most eight) bytes from the highest
    /// byte down (no term holds a NUL, so a shorter key sorts first).
    @inline(__always)
    static func groupOrder(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var order: UInt64 = 0
        for index in 0..<groupEnd(word) { order |= UInt64(word[index]) << (56 - 8 * index) }
        return order
    }

    /// The first `count` Unicode scalars of a term's UTF-8 (each scalar's length read from its first byte, as
    /// `groupEnd` reads them).
    static func prefix(_ term: ArraySlice<UInt8>, _ count: Int) -> ArraySlice<UInt8> {
        var end = term.startIndex
        for _ in 0..<count where end < term.endIndex { end += scalarLength(term[end]) }
        return term[term.startIndex..<min(end, term.endIndex)]
    }

    static func scalarCount(_ term: ArraySlice<UInt8>) -> Int { term.reduce(0) { $0 + ($1 & 0xc0 != 0x80 ? 1 : 0) } }

    /// A shard's file: `folioSearch.s("key",{"term":[id,weight,…],…});` with each id as its difference from the previous.
    static func encode(_ shard: Shard, postings: some SearchPostingLists) -> [UInt8] {
        let terms = postings.terms
        var size = 32 + shard.key.utf8.count
        for slot in shard.slots { size += terms.term(slot).count + 8 + postings.postings(slot).ids.count * 6 }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        bytes.append(contentsOf: "folioSearch.s(".utf8)
        SearchIndex.appendLiteral(shard.key, to: &bytes)
        bytes.append(contentsOf: ",{".utf8)
        terms.bytes.withUnsafeBufferPointer { words in
            for (index, slot) in shard.slots.enumerated() {
                if index > 0 { bytes.append(0x2c) }
                bytes.append(0x22)
                SearchIndex.appendEscaped(UnsafeBufferPointer(rebasing: words[terms.range(slot)]), to: &bytes)
                bytes.append(0x22)
                bytes.append(0x3a)
                let (ids, weights) = postings.postings(slot)
                appendPostings(ids: ids, weights: weights, to: &bytes)
            }
        }
        bytes.append(contentsOf: "});\n".utf8)
        return bytes
    }

    /// `[id,weight,…]`, each id as its difference from the previous: written a run of postings at a time into one
    /// buffer of at most 15 KB (ten digits and a comma an id, three and a comma a weight, at most), each run appended
    /// at once. Not the whole list in one buffer: a word on every page of a large site has hundreds of thousands of
    /// postings, and two such buffers (9 MB each on 100,000 pages) were part of the build's peak.
    private static func appendPostings(ids: ArraySlice<UInt32>, weights: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        let run = 1024
        bytes.append(0x5b)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: min(ids.count, run) * 15) { buffer in
            ids.withUnsafeBufferPointer { ids in
                weights.withUnsafeBufferPointer { weights in
                    var previous: UInt32 = 0
                    var start = 0
                    while start < ids.count {
                        var at = 0
                        for position in start..<min(start + run, ids.count) {
                            if position > 0 {
                                buffer[at] = 0x2c
                                at += 1
                            }
                            // Ascending, unless a cache file was made to pass its checksum: garbage then, not a trap.
                            at = writeDigits(ids[position] &- previous, to: buffer, at: at)
                            buffer[at] = 0x2c
                            at = writeDigits(UInt32(weights[position]), to: buffer, at: at + 1)
                            previous = ids[position]
                        }
                        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<at]))
                        start += run
                    }
                }
            }
        }
        bytes.append(0x5d)
    }

    /// A number's decimal digits written at `at`; returns where they end. Most are below a thousand (a weight, the
    /// distance from the last record of a term on the previous page), written without counting their digits first.
    @inline(__always)
    private static func writeDigits(_ value: UInt32, to buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) -> Int
    {
        if value < 10 {
            buffer[start] = 0x30 &+ UInt8(truncatingIfNeeded: value)
            return start &+ 1
        }
        if value < 100 {
            buffer[start] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
            buffer[start &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
            return start &+ 2
        }
        if value < 1000 {
            buffer[start] = 0x30 &+ UInt8(truncatingIfNeeded: value / 100)
            buffer[start &+ 1] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10 % 10)
            buffer[start &+ 2] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
            return start &+ 3
        }
        var length = 1
        var rest = value / 10
        while rest > 0 {
            length += 1
            rest /= 10
        }
        rest = value
        for offset in stride(from: length - 1, through: 0, by: -1) {
            buffer[start + offset] = 0x30 + UInt8(rest % 10)
            rest /= 10
        }
        return start + length
    }
}
