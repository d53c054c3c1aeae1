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

    func term(_ slot: Int) -> ArraySlice<UInt8> { bytes[Int(starts[slot])..<Int(starts[slot + 1])] }

    /// The slot of `word`, added when new.
    mutating func slot(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
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
                var hash: UInt64 = 0xcbf2_9ce4_8422_2325
                for index in Int(starts[slot])..<Int(starts[slot + 1]) {
                    hash = (hash ^ UInt64(stored[index])) &* 0x0000_0100_0000_01b3
                }
                var position = Int(truncatingIfNeeded: hash) & mask
                while larger[position] >= 0 { position = (position + 1) & mask }
                larger[position] = Int32(slot)
            }
        }
        table = larger
    }
}
