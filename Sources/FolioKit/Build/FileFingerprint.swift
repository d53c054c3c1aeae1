#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Size and modification time of a file: cheap to read with one `stat`, and changed by every edit an editor makes.
struct FileFingerprint: Sendable, Equatable {
    var size: Int64
    var seconds: Int64
    var nanoseconds: Int64

    /// A file that could not be read: never equal to a real one.
    static let missing = FileFingerprint(size: -1, seconds: 0, nanoseconds: 0)

    init(size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    init?(path: String) {
        self.init(in: AT_FDCWD, path: path)
    }

    /// The file at `path` inside the open folder `folder` (the system looks up only the path below it).
    init?(in folder: Int32, path: String) {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return nil }
        size = Int64(info.st_size)
        #if canImport(Glibc)
            seconds = Int64(info.st_mtim.tv_sec)
            nanoseconds = Int64(info.st_mtim.tv_nsec)
        #else
            seconds = Int64(info.st_mtimespec.tv_sec)
            nanoseconds = Int64(info.st_mtimespec.tv_nsec)
        #endif
    }
}

/// 64-bit FNV-1a: a fast, stable hash for cache keys (not for security).
struct StableHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
        add(separator: 0xff)
    }

    mutating func add(_ text: String) { add(text.utf8) }

    /// Another hash's value, as its eight bytes.
    mutating func add(_ number: UInt64) { withUnsafeBytes(of: number.littleEndian) { add($0) } }

    private mutating func add(separator: UInt8) {
        value ^= UInt64(separator)
        value = value &* 0x0000_0100_0000_01b3
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
