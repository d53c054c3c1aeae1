#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring tests on UTF-8 bytes (libc's `memchr` finds each candidate first byte): Foundation's `String.contains`
/// goes through CFString and was 4 % of a full build's samples when run once per page.
enum ByteSearch {
    /// Whether `text` contains `needle` (compared byte for byte, as UTF-8).
    static func contains(_ text: String, _ needle: StaticString) -> Bool {
        var text = text
        return text.withUTF8 { contains($0, needle) }
    }

    /// Whether `text` holds the byte (libc's `memchr`; the standard library's `utf8.contains` takes a few
    /// instructions a byte, and pages are scanned so for `|`, `~`, `%` and `:`).
    static func contains(_ text: String, byte: UInt8) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return memchr(base, Int32(byte), bytes.count) != nil
        }
    }

    static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString) -> Bool {
        let length = needle.utf8CodeUnitCount
        guard let base = bytes.baseAddress, length > 0, bytes.count >= length else { return length == 0 }
        let first = Int32(needle.utf8Start.pointee)
        let last = base + (bytes.count - length)
        var from = base
        while from <= last, let found = memchr(from, first, last - from + 1) {
            let at = found.assumingMemoryBound(to: UInt8.self)
            if memcmp(at, needle.utf8Start, length) == 0 { return true }
            from = UnsafePointer(at) + 1
        }
        return false
    }

    /// Where `pattern` first occurs in `bytes` from `start`: libc's `memchr` finds each candidate first byte,
    /// `memcmp` the rest.
    static func find(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, !pattern.isEmpty, bytes.count - start >= pattern.count else { return nil }
        let last = bytes.count - pattern.count
        var from = start
        return pattern.withUnsafeBufferPointer { pattern in
            while from <= last, let found = memchr(base + from, Int32(pattern[0]), last - from + 1) {
                let at = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if memcmp(base + at, pattern.baseAddress!, pattern.count) == 0 { return at }
                from = at + 1
            }
            return nil
        }
    }
}
