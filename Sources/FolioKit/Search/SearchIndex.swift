/// The search index as files under `search/`, loaded by the reader's browser as small scripts (they load from
/// `file://` too, where `fetch` is refused): `index.js` lists the shards; `s/<prefix>.js` holds the postings of the
/// terms that start with a prefix; `r/<page>.js` holds a page's records (written by `SearchPage`).
/// A query downloads the index, the shards of its words and the record files of the results it shows.
struct SearchIndex {
    static let folder = "search"
    static let format = 2
    /// A shard larger than this is split by one more character of its terms.
    static let shardLimit = 24 * 1024

    /// Path below the output folder → file contents.
    private(set) var files: [(path: String, bytes: [UInt8])] = []
    private(set) var recordCount = 0

    /// `pages[i]` is page number i of the site.
    init(pages: [SearchPage]) {
        // Per term (by slot): record id (`page << 8 | record`) and weight, in id order.
        var slots: [String: Int] = [:]
        var lists: [[Int32]] = []
        for (number, page) in pages.enumerated() {
            recordCount += page.records
            page.terms.withUnsafeBufferPointer { bytes in
                var record: Int32 = 0
                var index = 0
                while index < bytes.count {
                    if bytes[index] == 0x0a {
                        record += 1
                        index += 1
                        continue
                    }
                    let start = index
                    while index < bytes.count, bytes[index] != 0x20 { index += 1 }
                    let term = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                    index += 1
                    var weight: Int32 = 0
                    while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                        weight = weight * 10 + Int32(bytes[index] - 0x30)
                        index += 1
                    }
                    if index < bytes.count, bytes[index] == 0x20 { index += 1 }
                    let slot: Int
                    if let known = slots[term] {
                        slot = known
                    } else {
                        slot = lists.count
                        slots[term] = slot
                        lists.append([])
                    }
                    lists[slot].append(Int32(number) << 8 | record)
                    lists[slot].append(weight)
                }
            }
        }

        var groups: [String: [String]] = [:]
        for term in slots.keys { groups[Self.prefix(term, 2), default: []].append(term) }
        var shards: [(key: String, terms: [String])] = []
        for (key, terms) in groups { Self.split(key: key, terms: terms.sorted(), size: { lists[slots[$0]!].count }, into: &shards) }
        shards.sort { $0.key < $1.key }

        for shard in shards {
            var bytes = Array("folioSearch.s(\(Self.literal(shard.key)),{".utf8)
            for (index, term) in shard.terms.enumerated() {
                if index > 0 { bytes.append(0x2c) }
                bytes.append(contentsOf: Self.literal(term).utf8)
                bytes.append(contentsOf: [0x3a, 0x5b])
                // Ids as differences from the previous one.
                var previous: Int32 = 0
                let list = lists[slots[term]!]
                var position = 0
                while position < list.count {
                    if position > 0 { bytes.append(0x2c) }
                    Self.append(list[position] - previous, to: &bytes)
                    bytes.append(0x2c)
                    Self.append(list[position + 1], to: &bytes)
                    previous = list[position]
                    position += 2
                }
                bytes.append(0x5d)
            }
            bytes.append(contentsOf: "});\n".utf8)
            files.append((Self.folder + "/s/" + Self.fileName(shard.key) + ".js", bytes))
        }
        let keys = shards.map { Self.literal($0.key) }.joined(separator: ",")
        files.append((Self.folder + "/index.js", Array(
            "folioSearch.i({\"v\":\(Self.format),\"n\":\(recordCount),\"shards\":[\(keys)]});\n".utf8)))
    }

    /// Decimal digits of a number, without a String in between.
    private static func append(_ value: Int32, to bytes: inout [UInt8]) {
        var magnitude = value.magnitude
        if value < 0 { bytes.append(0x2d) }
        if magnitude == 0 {
            bytes.append(0x30)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[count] = UInt8(0x30 + magnitude % 10)
                magnitude /= 10
                count += 1
            }
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }

    /// Splits a shard over the limit by the next character of its terms; a term as long as the key stays in it.
    private static func split(key: String, terms: [String], size postings: (String) -> Int, into shards: inout [(key: String, terms: [String])]) {
        let length = key.unicodeScalars.count
        let size = terms.reduce(0) { $0 + $1.utf8.count + 4 + postings($1) * 2 }
        guard size > shardLimit, length < 6 else {
            shards.append((key, terms))
            return
        }
        var kept: [String] = []
        var longer: [String: [String]] = [:]
        for term in terms {
            if term.unicodeScalars.count <= length { kept.append(term) } else { longer[prefix(term, length + 1), default: []].append(term) }
        }
        if !kept.isEmpty || longer.isEmpty { shards.append((key, kept)) }
        for (subkey, subterms) in longer { split(key: subkey, terms: subterms, size: postings, into: &shards) }
    }

    /// The first `count` Unicode scalars of a term: its shard key.
    static func prefix(_ term: String, _ count: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in term.unicodeScalars.prefix(count) { scalars.append(scalar) }
        return String(scalars)
    }

    /// A shard key as a file name: itself when plain ASCII letters and digits, else `x` and the hex of its UTF-8.
    static func fileName(_ key: String) -> String {
        if key.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7a) }) { return key }
        let digits = Array("0123456789abcdef".utf8)
        var name: [UInt8] = [0x78]
        for byte in key.utf8 {
            name.append(digits[Int(byte >> 4)])
            name.append(digits[Int(byte & 15)])
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// A JSON string literal (also valid JavaScript: U+2028 and U+2029 escaped).
    static func literal(_ string: String) -> String {
        let bytes = string.utf8
        if !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5c || $0 == 0xe2 }) { return "\"" + string + "\"" }
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 8)
        out.append(0x22)
        let hex = Array("0123456789abcdef".utf8)
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in bytes {
            switch byte {
            case 0x22, 0x5c: out += [0x5c, byte]
            case 0x0a: out += [0x5c, 0x6e]
            case 0x00..<0x20: out += [0x5c, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            case 0xa8 where previous == (0xe2, 0x80), 0xa9 where previous == (0xe2, 0x80):
                out.removeLast(2)
                out += [0x5c, 0x75, 0x32, 0x30, 0x32, byte == 0xa8 ? 0x38 : 0x39]
            default: out.append(byte)
            }
            previous = (previous.1, byte)
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }
}
