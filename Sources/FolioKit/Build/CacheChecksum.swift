/// The last line of every file in `.folio-cache/` (`checksum <16 hex digits>`): a hash of the bytes before it, so
/// that a file changed since it was written — one damaged byte, a cache restored in part — is not trusted. Its
/// decoders take their own lines at their word: a changed byte in the search terms crashed every later build, and
/// one in a cached title showed in every page's navigation.
///
/// Thirty-two bytes a step, in four lanes of eight bytes that do not wait for one another (one lane waited for
/// each multiply before the next: 0.6 cycles a byte), each a multiply and a shift, the bytes fed in any pieces (a
/// file is written, and the search cache read, a block at a time): a few milliseconds for the 45 MB of caches of a
/// 10,000-page site, which an edit's build reads and writes again.
struct CacheChecksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (
        0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344, 0xa409_3822_299f_31d0, 0x082e_fa98_ec4e_6c89
    )
    /// Bytes not yet mixed in (fewer than a step's 32), in order, and how many.
    private var carry: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var carried = 0
    private var length = 0

    static let prefix = Array("checksum ".utf8)
    /// `checksum `, sixteen hex digits, a line feed.
    static let lineLength = prefix.count + 17

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        length &+= bytes.count
        var index = 0
        if carried > 0 {
            let taken = min(32 - carried, bytes.count)
            withUnsafeMutableBytes(of: &carry) { carry in
                carry.baseAddress!.advanced(by: carried).copyMemory(from: base, byteCount: taken)
            }
            carried += taken
            index = taken
            guard carried == 32 else { return }
            mix(carry.0, carry.1, carry.2, carry.3)
            carry = (0, 0, 0, 0)
            carried = 0
        }
        var (a, b, c, d) = lanes
        while index + 32 <= bytes.count {
            a = Self.step(a, Self.word(base, index))
            b = Self.step(b, Self.word(base, index + 8))
            c = Self.step(c, Self.word(base, index + 16))
            d = Self.step(d, Self.word(base, index + 24))
            index += 32
        }
        lanes = (a, b, c, d)
        if index < bytes.count {
            withUnsafeMutableBytes(of: &carry) { carry in
                carry.baseAddress!.copyMemory(from: base + index, byteCount: bytes.count - index)
            }
            carried = bytes.count - index
        }
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) { add(UnsafeRawBufferPointer(bytes)) }

    @inline(__always)
    private static func word(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func step(_ lane: UInt64, _ chunk: UInt64) -> UInt64 {
        let product = (lane ^ chunk) &* 0x9e37_79b9_7f4a_7c15
        return product ^ (product >> 29)
    }

    private mutating func mix(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) {
        lanes = (
            Self.step(lanes.0, UInt64(littleEndian: a)), Self.step(lanes.1, UInt64(littleEndian: b)),
            Self.step(lanes.2, UInt64(littleEndian: c)), Self.step(lanes.3, UInt64(littleEndian: d))
        )
    }

    /// The hash of every byte added so far: the four lanes, the bytes left over and the length, mixed in turn.
    var value: UInt64 {
        var state = lanes.0
        for lane in [lanes.1, lanes.2, lanes.3] { state = Self.step(state, lane) }
        for word in [carry.0, carry.1, carry.2, carry.3] { state = Self.step(state, UInt64(littleEndian: word)) }
        state = Self.step(state, UInt64(truncatingIfNeeded: carried) << 59)
        return Self.step(state, UInt64(truncatingIfNeeded: length))
    }

    /// The file's last line, for the bytes added so far.
    var line: [UInt8] {
        let hex = String(value, radix: 16)
        return Self.prefix + Array((String(repeating: "0", count: 16 - hex.count) + hex + "\n").utf8)
    }

    /// How many of `file`'s bytes come before its checksum line, when that line ends the file and matches them;
    /// nil for a file damaged, cut short, or written without one.
    static func checkedLength(_ file: UnsafeRawBufferPointer) -> Int? {
        guard file.count >= lineLength else { return nil }
        let content = file.count - lineLength
        var checksum = CacheChecksum()
        checksum.add(UnsafeRawBufferPointer(rebasing: file[..<content]))
        return file[content...].elementsEqual(checksum.line) ? content : nil
    }

    /// `file` without its checksum line, when it is whole (see `checkedLength`).
    static func checked(_ file: [UInt8]) -> ArraySlice<UInt8>? {
        file.withUnsafeBytes { checkedLength($0) }.map { file[..<$0] }
    }
}
