import Foundation

/// The index's terms, each stored once as bytes and known by a slot number: an open-addressing table on the
/// FNV-1a hash of the bytes, so that the millions of term occurrences of a large site are looked up without
/// making a String (or a Hasher) for each.
struct SearchTermTable: Sendable {
    /// Every term's bytes, one after the other; slot i is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int32] = [0]
    /// Each slot's `key(_:)` when its term is shorter than eight bytes, else 0.
    private var keys: [UInt64] = []
    /// Open addressing: each entry is the high half of its term's hash above its slot + 1 (0 is empty), so a probe
    /// passes over other terms without reading their bytes. Up to three quarters full: a worker looks every word of
    /// its pages up here, and a smaller table misses the core's cache less often than a probe grows longer
    /// (measured: a table kept at most half full cost the tokeniser 10 % more time on the bench corpus).
    private var table: [UInt64]

    init(capacity: Int = 1024) { table = [UInt64](repeating: 0, count: capacity) }

    var count: Int { starts.count - 1 }

    func term(_ slot: Int) -> ArraySlice<UInt8> { bytes[range(slot)] }

    /// Where slot `slot`'s term lies in `bytes`.
    func range(_ slot: Int) -> Range<Int> { Int(starts[slot])..<Int(starts[slot + 1]) }

    /// A term's hash: its bytes eight at a time, each step a multiply and a shift that brings the product's high
    /// bits down to the low ones the table uses; the last step takes the last few bytes (none when the length is a
    /// multiple of eight) with the length in the top byte. No chain of one multiply a byte: the tokeniser hashes
    /// every word of every page, and takes this same hash eight bytes at a time while it scans (`SearchText`).
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = word.baseAddress else { return finish(seed, tail: 0, count: 0) }
        return hash(UnsafeRawPointer(base), count: word.count, readable: word.count)
    }

    /// `hash(_:)` of the `count` bytes at `word`, of which `readable` may be read (the last few bytes are then one
    /// load, masked).
    @inline(__always)
    static func hash(_ word: UnsafeRawPointer, count: Int, readable: Int) -> UInt64 {
        var hash = seed
        var index = 0
        while index + 8 <= count {
            hash = step(hash, word.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
            index += 8
        }
        let left = count - index
        var tail: UInt64 = 0
        if left > 0, index + 8 <= readable {
            tail = word.loadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian
            tail &= (1 << (UInt64(left) * 8)) - 1
        } else {
            for offset in 0..<left {
                tail |= UInt64(word.load(fromByteOffset: index + offset, as: UInt8.self)) << (offset * 8)
            }
        }
        return finish(hash, tail: tail, count: count)
    }

    /// Where every hash starts.
    static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash so far, with eight more bytes of the term (little-endian).
    @inline(__always)
    static func step(_ hash: UInt64, _ bytes: UInt64) -> UInt64 { mix(hash ^ bytes) }

    /// The hash, with the term's last `count % 8` bytes (`tail`, little-endian, its other bytes zero) and its length.
    @inline(__always)
    static func finish(_ hash: UInt64, tail: UInt64, count: Int) -> UInt64 {
        mix(hash ^ tail ^ UInt64(truncatingIfNeeded: count) &<< 56)
    }

    @inline(__always)
    private static func mix(_ value: UInt64) -> UInt64 {
        let product = value &* 0x9e37_79b9_7f4a_7c15
        return product ^ (product >> 29)
    }

    /// A term of one to seven bytes as one number: its bytes, little-endian, with its length in the top byte
    /// (which no other term's key has), so that a short word is compared with a term in one step.
    @inline(__always)
    static func key(_ bytes: UInt64, count: Int) -> UInt64 { bytes | UInt64(truncatingIfNeeded: count) &<< 56 }

    private static func key(of word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard (1...7).contains(word.count) else { return 0 }
        var bytes: UInt64 = 0
        for (offset, byte) in word.enumerated() { bytes |= UInt64(byte) << (offset * 8) }
        return key(bytes, count: word.count)
    }

    /// The slot of `word`, added when new.
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>) -> Int { slot(word, hash: Self.hash(word)) }

    /// The slot of `word`, whose `hash(_:)` and `key(_:count:)` (0 for a word of eight bytes or more) are given,
    /// added when new. A short word is compared by its key, without reading the stored terms' bytes.
    @inline(__always)
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64, key: UInt64) -> Int {
        guard key != 0 else { return slot(word, hash: hash) }
        let mask = table.count - 1
        let tag = hash & 0xffff_ffff_0000_0000
        var position = Int(truncatingIfNeeded: hash) & mask
        let found: Int? = table.withUnsafeBufferPointer { table in
            keys.withUnsafeBufferPointer { keys in
                while true {
                    let entry = table[position]
                    if entry == 0 { return nil }
                    if entry & 0xffff_ffff_0000_0000 == tag {
                        let slot = Int(truncatingIfNeeded: entry & 0xffff_ffff) &- 1
                        if keys[slot] == key { return slot }
                    }
                    position = (position &+ 1) & mask
                }
            }
        }
        if let found { return found }
        return add(word, tag: tag, at: position)
    }

    /// The slot of `word`, whose `hash(_:)` is given, added when new. Inlined where it is called: the index looks
    /// up every word of every page, almost always a word already in the table, and a call costs as much as the probe.
    @inline(__always)
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let (found, position) = probe(word, hash: hash)
        if let found { return found }
        return add(word, tag: hash & 0xffff_ffff_0000_0000, at: position)
    }

    /// The slot of `word` when the table holds it.
    func existing(_ word: UnsafeBufferPointer<UInt8>) -> Int? { probe(word, hash: Self.hash(word)).found }

    /// Where `word`'s probe ends: its slot, or the free position where it would go.
    @inline(__always)
    private func probe(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (found: Int?, position: Int) {
        let mask = table.count - 1
        let tag = hash & 0xffff_ffff_0000_0000
        var position = Int(truncatingIfNeeded: hash) & mask
        let found: Int? = table.withUnsafeBufferPointer { table in
            starts.withUnsafeBufferPointer { starts in
                bytes.withUnsafeBufferPointer { stored in
                    while true {
                        let entry = table[position]
                        if entry == 0 { return nil }
                        if entry & 0xffff_ffff_0000_0000 == tag {
                            let slot = Int(truncatingIfNeeded: entry & 0xffff_ffff) - 1
                            let start = Int(starts[slot])
                            if Int(starts[slot + 1]) - start == word.count,
                                word.isEmpty || Self.same(stored.baseAddress! + start, word.baseAddress!, word.count)
                            {
                                return slot
                            }
                        }
                        position = (position + 1) & mask
                    }
                }
            }
        }
        return (found, position)
    }

    /// Adds `word` as the next slot at `position`, where its probe ended, tagged `tag`.
    @inline(never)
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, tag: UInt64, at position: Int) -> Int {
        let slot = count
        table[position] = tag | UInt64(slot + 1)
        bytes.append(contentsOf: word)
        starts.append(Int32(bytes.count))
        keys.append(Self.key(of: word))
        if count * 4 > table.count * 3 { grow() }
        return slot
    }

    /// Whether the `count` bytes at `a` and `b` are the same, in two loads of each that may overlap (a call to
    /// `memcmp` costs more than the few bytes of a word).
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        func load<T: FixedWidthInteger>(_ pointer: UnsafePointer<UInt8>, _ offset: Int, as _: T.Type) -> T {
            UnsafeRawPointer(pointer + offset).loadUnaligned(as: T.self)
        }
        switch count {
        case 8...:
            var index = 0
            while index &+ 8 < count {
                guard load(a, index, as: UInt64.self) == load(b, index, as: UInt64.self) else { return false }
                index &+= 8
            }
            return load(a, count &- 8, as: UInt64.self) == load(b, count &- 8, as: UInt64.self)
        case 4...:
            return load(a, 0, as: UInt32.self) == load(b, 0, as: UInt32.self)
                && load(a, count &- 4, as: UInt32.self) == load(b, count &- 4, as: UInt32.self)
        case 1...:
            // The first, middle and last bytes are every byte of a word of one to three.
            return a[0] == b[0] && a[count &>> 1] == b[count &>> 1] && a[count &- 1] == b[count &- 1]
        default:
            return true
        }
    }

    private mutating func grow() {
        var larger = [UInt64](repeating: 0, count: table.count * 2)
        let mask = larger.count - 1
        bytes.withUnsafeBufferPointer { stored in
            for slot in 0..<count {
                let hash = Self.hash(UnsafeBufferPointer(rebasing: stored[Int(starts[slot])..<Int(starts[slot + 1])]))
                var position = Int(truncatingIfNeeded: hash) & mask
                while larger[position] != 0 { position = (position + 1) & mask }
                larger[position] = hash & 0xffff_ffff_0000_0000 | UInt64(slot + 1)
            }
        }
        table = larger
    }
}
