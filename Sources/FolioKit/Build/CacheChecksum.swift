/// The last line of every file in `.folio-cache/` (`checksum <16 hex digits>`): a hash of the bytes before it, so
/// that a file changed since it was written — one damaged byte, a cache restored in part — is not trusted. Its
/// decoders take their own lines at their word: a changed byte in the search terms crashed every later build, and
/// one in a cached title showed in every page's navigation.
///
/// Eight bytes a step, each a multiply and a shift, the bytes fed in any pieces (a file is written, and the search
/// cache read, a block at a time): about 10 ms for the 45 MB of caches of a 10,000-page site.
struct CacheChecksum {
    private var state: UInt64 = 0x243f_6a88_85a3_08d3
    /// Bytes not yet mixed in (fewer than eight), little-endian, and how many.
    private var carry: UInt64 = 0
    private var carried = 0
    private var length = 0

    static let prefix = Array("checksum ".utf8)
    /// `checksum `, sixteen hex digits, a line feed.
    static let lineLength = prefix.count + 17

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        length &+= bytes.count
        var index = 0
        while carried > 0, carried < 8, index < bytes.count {
            carry |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (carried * 8)
            carried += 1
            index += 1
        }
        if carried == 8 {
            mix(carry)
            carry = 0
            carried = 0
        }
        while index + 8 <= bytes.count {
            mix(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            index += 8
        }
        while index < bytes.count {
            carry |= UInt64(base.load(fromByteOffset: index, as: UInt8.self)) << (carried * 8)
            carried += 1
            index += 1
        }
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) { add(UnsafeRawBufferPointer(bytes)) }

    @inline(__always)
    private mutating func mix(_ chunk: UInt64) {
        let product = (state ^ chunk) &* 0x9e37_79b9_7f4a_7c15
        state = product ^ (product >> 29)
    }

    /// The hash of every byte added so far.
    var value: UInt64 {
        var copy = self
        copy.mix(carry ^ UInt64(truncatingIfNeeded: carried) << 59)
        copy.mix(UInt64(truncatingIfNeeded: length))
        return copy.state
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
