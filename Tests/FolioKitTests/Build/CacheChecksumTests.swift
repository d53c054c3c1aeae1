import Testing

@testable import FolioKit

/// Every file in `.folio-cache/` ends in a checksum of the rest (`CacheChecksum`), which its reader checks.
@Suite struct CacheChecksumTests {
    /// Longer than two of the checksum's 32-byte steps, and not a whole number of them.
    static let text = Array(
        "folio-cache-4\nkey\tabc\npage\tguide/setup.md\t114\tSetup\npage\tguide/install.md\t98\tInstall\n".utf8)

    func checksum(_ pieces: [ArraySlice<UInt8>]) -> [UInt8] {
        var checksum = CacheChecksum()
        for piece in pieces { piece.withUnsafeBytes { checksum.add($0) } }
        return checksum.line
    }

    @Test func theSumIsTheSameHoweverTheBytesArePieced() {
        let whole = checksum([Self.text[...]])
        #expect(whole.count == CacheChecksum.lineLength && whole.starts(with: "checksum ".utf8) && whole.last == 0x0a)
        for cut in [1, 3, 7, 8, 9, 20, 31, 32, 33, 40, 64, 65, Self.text.count - 1] {
            #expect(checksum([Self.text[..<cut], Self.text[cut...]]) == whole, "cut at \(cut)")
        }
        #expect(checksum([Self.text[..<5], Self.text[5..<36], Self.text[36..<37], Self.text[37...]]) == whole)
        #expect(checksum(Self.text.map { [$0][...] }) == whole, "a byte at a time")
    }

    @Test func aFileIsCheckedWholeAndAnyChangeIsFound() {
        let file = Self.text + checksum([Self.text[...]])
        #expect(CacheChecksum.checked(file) == Self.text[...])
        for position in file.indices {
            var changed = file
            changed[position] ^= 0x20
            #expect(CacheChecksum.checked(changed) == nil, "byte \(position) changed")
        }
        #expect(CacheChecksum.checked(Array(file.dropLast())) == nil, "cut short")
        #expect(CacheChecksum.checked(Self.text) == nil, "no checksum")
        #expect(CacheChecksum.checked(Self.text + Self.text + checksum([Self.text[...]])) == nil, "bytes added")
        let empty = checksum([])
        #expect(CacheChecksum.checked(empty) == [][...], "an empty file's")
    }
}
