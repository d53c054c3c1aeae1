import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The text of a source file as every reader sees it: UTF-8 without a byte-order mark, every line ending `\n`.
///
/// Pages, site.yml, appearance.yml and templates are all read through here, so a file saved on Windows
/// (CRLF), on a classic Mac (CR) or with a BOM reads as the same text, with the same lines and columns.
enum SourceText {
    /// A problem reading a file: where the first invalid byte stands, or why the file was not read.
    enum Failure: Error, Equatable {
        case invalidUTF8(line: Int, column: Int)
        case unreadable
        case tooLarge(size: Int, limit: Int)
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Decodes `bytes`: a leading BOM dropped, CRLF and CR turned into LF; invalid UTF-8 is a failure at its line and column.
    static func decode(_ bytes: [UInt8]) -> Result<String, Failure> {
        let start = bytes.starts(with: byteOrderMark) ? 3 : 0
        let hasCarriageReturn = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { memchr($0, 13, buffer.count) != nil } ?? false
        }
        if start == 0 && !hasCarriageReturn {
            if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
            return .failure(firstInvalid(bytes[...]))
        }
        var normalised = [UInt8]()
        normalised.reserveCapacity(bytes.count - start)
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 13 {
                normalised.append(10)
                if index + 1 < bytes.count && bytes[index + 1] == 10 { index += 1 }
            } else {
                normalised.append(byte)
            }
            index += 1
        }
        if let text = String(validating: normalised, as: UTF8.self) { return .success(text) }
        return .failure(firstInvalid(normalised[...]))
    }

    /// Reads and decodes the file at `path`; a file larger than `limit` bytes is not read at all.
    static func read(_ path: String, limit: Int? = nil) -> Result<String, Failure> {
        bytes(path, limit: limit).flatMap(decode)
    }

    /// The bytes of the file at `path`: opened once, its size taken from the open file. A build reads every page this
    /// way, twice; the `stat` of the path this replaced was 20,000 of the 50,000 a bench build made.
    static func bytes(_ path: String, limit: Int? = nil) -> Result<[UInt8], Failure> {
        // Opened without waiting: a named pipe no program writes to reads as empty instead of blocking the build.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .failure(.unreadable) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable) }
        let regular = info.st_mode & S_IFMT == S_IFREG
        guard regular || fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) == 0 else {
            return .failure(.unreadable)
        }
        // A file of another kind (a pipe, a device such as /dev/zero) is never read past a page's default limit.
        let limit = limit ?? (regular ? nil : SiteConfig().maxPageSize)
        let size = Int(info.st_size)
        if let limit, size > limit { return .failure(.tooLarge(size: size, limit: limit)) }
        // A regular file's size is known, and a read that stops short of the bytes asked for is at its end; a file
        // that grew since, or one of another kind (a pipe), is read until a read gives nothing, or past the limit.
        var bytes = [UInt8](repeating: 0, count: max(size, 0) + 1)
        var count = 0
        while true {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: max(bytes.count, 4096)) }
            let got = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { return .failure(.unreadable) }
            count += got
            if got == 0 || regular && count < bytes.count { break }
            if let limit, count > limit { return .failure(.tooLarge(size: count, limit: limit)) }
        }
        bytes.removeLast(bytes.count - count)
        if let limit, count > limit { return .failure(.tooLarge(size: count, limit: limit)) }
        return .success(bytes)
    }

    /// The diagnostic for a failure, at the file's display path; `what` names the file in the message ("the file", "site.yml").
    static func diagnostic(_ failure: Failure, at displayPath: String, what: String = "the file") -> Diagnostic {
        switch failure {
        case .invalidUTF8(let line, let column):
            return .error(
                "\(what) is not valid UTF-8 at this byte: save it as UTF-8", at: displayPath, line: line, column: column
            )
        case .unreadable:
            return .error("cannot read \(what)", at: displayPath)
        case .tooLarge(let size, let limit):
            return .error(
                "\(what) is \(ByteCount.describe(size)), over the limit of \(ByteCount.describe(limit)): "
                    + "split it into several pages, or raise 'maxPageSize' in site.yml", at: displayPath)
        }
    }

    /// The line and column (in characters, lines split at `\n`) of the first byte that is not valid UTF-8.
    static func firstInvalid(_ bytes: ArraySlice<UInt8>) -> Failure {
        var line = 1
        var column = 1
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput, .error:
                return .invalidUTF8(line: line, column: column)
            }
        }
    }
}

/// Byte counts as a person reads them: `10 MB`, `512 KB`, `900 bytes` (1 KB = 1,024 bytes).
enum ByteCount {
    static func describe(_ bytes: Int) -> String {
        for (unit, scale) in [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)] where bytes >= scale {
            return bytes % scale == 0
                ? "\(bytes / scale) \(unit)" : String(format: "%.1f \(unit)", Double(bytes) / Double(scale))
        }
        return "\(bytes) bytes"
    }

    /// `10485760`, `10 MB`, `512KB`, `2 GB`: a number of bytes, or with a 1,024-based unit; nil otherwise.
    static func parse(_ text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        for (unit, scale) in units where trimmed.hasSuffix(unit) {
            let number = trimmed.dropLast(unit.count).trimmingCharacters(in: .whitespaces)
            guard let value = Int(number), value > 0, value <= Int.max / scale else { return nil }
            return value * scale
        }
        guard let value = Int(trimmed), value > 0 else { return nil }
        return value
    }
}
