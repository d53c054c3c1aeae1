import Foundation

/// A file read front to back a block at a time, as lines and runs of bytes: a cache file is decoded without ever
/// being in memory whole (the search cache of 100,000 pages is 150 MB, which the decoded pages hold again).
final class BlockReader {
    /// -1 when the bytes were given in memory.
    private let descriptor: Int32
    private var buffer: [UInt8]
    /// Where the bytes not yet read start in `buffer`.
    private var start = 0
    private var ended: Bool
    /// A read failed: the file ends there, and `failed` says so.
    private(set) var failed = false
    /// How many bytes a read asks for at least.
    private let blockSize: Int

    init(bytes: [UInt8]) {
        descriptor = -1
        buffer = bytes
        ended = true
        blockSize = 0
    }

    /// nil when the file cannot be opened.
    init?(path: String, blockSize: Int = 1 << 20) {
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        buffer = []
        ended = false
        self.blockSize = max(blockSize, 1)
    }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Whether every byte has been read.
    var isAtEnd: Bool { !fill(1) }

    /// Calls `body` with the next line's bytes, without its line feed, valid during the call; nil at the end, or
    /// when the last bytes end in no line feed.
    func withLine<T>(_ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        var searched = 0  // bytes after `start` known to hold no line feed
        while true {
            if let end = buffer[(start + searched)...].firstIndex(of: 0x0a) {
                defer { start = end + 1 }
                return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            }
            searched = buffer.count - start
            guard fill(searched + 1) else { return nil }
        }
    }

    /// The next `count` bytes; nil when fewer are left.
    func bytes(_ count: Int) -> [UInt8]? {
        guard count >= 0, fill(count) else { return nil }
        defer { start += count }
        return Array(buffer[start..<(start + count)])
    }

    /// Reads until `count` bytes after `start` are in `buffer`; false when the file ends first.
    private func fill(_ count: Int) -> Bool {
        while buffer.count - start < count {
            guard !ended else { return false }
            buffer.removeSubrange(0..<start)
            start = 0
            let old = buffer.count
            let wanted = max(blockSize, count - old)
            buffer.append(contentsOf: repeatElement(0, count: wanted))
            var got = -1
            repeat {
                got = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + old, wanted) }
            } while got < 0 && errno == EINTR
            buffer.removeSubrange((old + max(got, 0))...)
            if got <= 0 {
                ended = true
                failed = got < 0
            }
        }
        return true
    }
}
