import Foundation

/// The index's terms, each stored once as bytes and known by a slot number: an open-addressing table on the
/// FNV-1a hash of the bytes, so that the millions of term occurrences of a large site are looked up without
/// making a String (or a Hasher) for each.
struct SearchTermTable: Sendable {
    /// Every term's bytes, one after the other; slot i is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int32] = [0]
    private var table: [Int32]

    init(capacity: Int = 1024) { table = [Int32](repeating: -1, count: capacity) }

    var count: Int { starts.count - 1 }

    func term(_ slot: Int) -> ArraySlice<UInt8> { bytes[range(slot)] }

    /// Where slot `slot`'s term lies in `bytes`.
    func range(_ slot: Int) -> Range<Int> { Int(starts[slot])..<Int(starts[slot + 1]) }

    /// FNV-1a of a term's bytes: `hash(_:)`, or `hashSeed` then `hash(_:adding:)` for each byte (as the tokeniser
    /// does while it scans a word).
    static let hashSeed: UInt64 = 0xcbf2_9ce4_8422_2325

    @inline(__always)
    static func hash(_ hash: UInt64, adding byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }

    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt64 {
        word.reduce(hashSeed) { hash($0, adding: $1) }
    }

    /// The slot of `word`, added when new.
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>) -> Int { slot(word, hash: Self.hash(word)) }

    /// The slot of `word`, whose `hash(_:)` is given, added when new.
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int {
        let mask = table.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let found = Int(table[position])
            if found < 0 { break }
            let start = Int(starts[found])
            let end = Int(starts[found + 1])
            if end - start == word.count,
                bytes.withUnsafeBufferPointer({ stored in
                    memcmp(stored.baseAddress! + start, word.baseAddress!, word.count) == 0
                })
            {
                return found
            }
            position = (position + 1) & mask
        }
        let slot = count
        table[position] = Int32(slot)
        bytes.append(contentsOf: word)
        starts.append(Int32(bytes.count))
        if count * 2 > table.count { grow() }
        return slot
    }

    private mutating func grow() {
        var larger = [Int32](repeating: -1, count: table.count * 2)
        let mask = larger.count - 1
        bytes.withUnsafeBufferPointer { stored in
            for slot in 0..<count {
                let hash = Self.hash(UnsafeBufferPointer(rebasing: stored[Int(starts[slot])..<Int(starts[slot + 1])]))
                var position = Int(truncatingIfNeeded: hash) & mask
                while larger[position] >= 0 { position = (position + 1) & mask }
                larger[position] = Int32(slot)
            }
        }
        table = larger
    }
}
