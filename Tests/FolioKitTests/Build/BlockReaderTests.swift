import Foundation
import Testing

@testable import FolioKit

/// A cache file read a block at a time gives the same lines and bytes as the file read whole, wherever its blocks
/// end: in a line, in a run of bytes, or just after a line feed.
@Suite struct BlockReaderTests {
    /// Reads `bytes` as a file with blocks of `blockSize` bytes (nil: given in memory), calling `body` with the reader.
    static func reading(_ bytes: [UInt8], blockSize: Int?, _ body: (BlockReader) throws -> Void) throws {
        guard let blockSize else {
            return try body(BlockReader(bytes: bytes))
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-blocks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("cache.txt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try body(try #require(BlockReader(path: path, blockSize: blockSize)))
    }

    static let blockSizes: [Int?] = [nil, 1, 2, 3, 7, 1 << 20]

    /// The reader's next line as text.
    static func line(_ reader: BlockReader) -> String? { reader.withLine { String(decoding: $0, as: UTF8.self) } }

    @Test(arguments: blockSizes) func linesAndBytesComeInOrder(blockSize: Int?) throws {
        let run: [UInt8] = [0, 1, 0x0a, 0xff, 0x0a]
        let text = Array("header\nab\n".utf8) + run + Array("a line longer than a block\n\n".utf8)
        try Self.reading(text, blockSize: blockSize) { reader in
            #expect(Self.line(reader) == "header")
            #expect(Self.line(reader) == "ab")
            #expect(reader.bytes(run.count) == run)
            #expect(!reader.isAtEnd)
            #expect(Self.line(reader) == "a line longer than a block")
            #expect(Self.line(reader) == "")
            #expect(reader.isAtEnd)
            #expect(Self.line(reader) == nil)
            #expect(reader.bytes(0) == [])
            #expect(reader.bytes(1) == nil)
            #expect(!reader.failed)
        }
    }

    /// Bytes after the last line feed are no line: the reader is then not at its end (a cache cut short is refused).
    @Test(arguments: blockSizes) func aFileCutShortIsSeen(blockSize: Int?) throws {
        try Self.reading(Array("one\ntwo".utf8), blockSize: blockSize) { reader in
            #expect(Self.line(reader) == "one")
            #expect(Self.line(reader) == nil)
            #expect(!reader.isAtEnd)
            #expect(reader.bytes(4) == nil, "more bytes than are left")
            #expect(reader.bytes(3) == Array("two".utf8))
            #expect(reader.isAtEnd)
        }
    }

    @Test func aMissingFileIsNoReader() {
        #expect(BlockReader(path: "/nonexistent-folio-\(UUID().uuidString)/cache.txt") == nil)
    }

    /// The search cache read from its file a few bytes at a time is the cache written.
    @Test func theSearchCacheDecodesFromAFileInSmallBlocks() throws {
        var cache = SearchCache(siteKey: "key")
        cache.files["search/s/a.js"] = (42, FileFingerprint(size: 3, seconds: 4, nanoseconds: 5))
        for (number, path) in ["a.md", "b/c.md", "d e.md"].enumerated() {
            cache.pages[path] = SearchCache.Page(
                fingerprint: FileFingerprint(size: Int64(number), seconds: 1, nanoseconds: 2), number: number,
                search: SearchPage(records: number + 1, terms: [UInt8](repeating: UInt8(number) | 0x0a, count: 9)))
        }
        let bytes = cache.encoded()
        for blockSize in [1, 5, 1 << 20] {
            try Self.reading(bytes, blockSize: blockSize) { reader in
                let back = try #require(SearchCache.decode(reader, checked: false), "block size \(blockSize)")
                #expect(back.siteKey == "key")
                #expect(back.pages.mapValues(\.search) == cache.pages.mapValues(\.search))
                #expect(back.pages.mapValues(\.number) == cache.pages.mapValues(\.number))
                #expect(back.files["search/s/a.js"]?.hash == 42)
            }
        }
        try Self.reading(Array(bytes.dropLast()), blockSize: 5) { reader in
            #expect(SearchCache.decode(reader, checked: false) == nil, "a cache cut short is refused")
        }

        // As a file holds it: with its checksum line, checked a block at a time; one byte changed, it is refused.
        var checksum = CacheChecksum()
        bytes.withUnsafeBytes { checksum.add($0) }
        let file = bytes + checksum.line
        for blockSize in [1, 7, 1 << 20] {
            try Self.reading(file, blockSize: blockSize) { reader in
                let back = try #require(SearchCache.decode(reader, checked: true), "block size \(blockSize)")
                #expect(back.pages.mapValues(\.search) == cache.pages.mapValues(\.search))
            }
        }
        for position in [0, 20, bytes.count / 2, bytes.count - 1, file.count - 2] {
            var damaged = file
            damaged[position] ^= 0x04
            try Self.reading(damaged, blockSize: 5) { reader in
                #expect(SearchCache.decode(reader, checked: true) == nil, "byte \(position) changed")
            }
        }
        try Self.reading(bytes, blockSize: 5) { reader in
            #expect(SearchCache.decode(reader, checked: true) == nil, "a file without its checksum is refused")
        }
    }
}
