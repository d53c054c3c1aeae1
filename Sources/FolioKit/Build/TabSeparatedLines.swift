import Foundation

/// The lines of a cache file (the build cache, the link facts) and their tab-separated fields, as byte ranges of the
/// file's UTF-8: a field becomes a String only when a value needs one (escapes `\t`, `\n`, `\r`, `\\` undone then).
/// Splitting them as Strings and Substrings was most of an incremental build of 10,000 pages.
struct TabSeparatedLines: IteratorProtocol {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The next non-empty line, without its newline.
    mutating func next() -> UnsafeBufferPointer<UInt8>? {
        guard let base = bytes.baseAddress else { return nil }
        while position < bytes.count {
            var end = bytes.count
            if let newline = memchr(base + position, 10, bytes.count - position) {
                end = UnsafeRawPointer(newline) - UnsafeRawPointer(base)
            }
            let line = UnsafeBufferPointer(rebasing: bytes[position..<end])
            position = end + 1
            if !line.isEmpty { return line }
        }
        return nil
    }

    static func fields(_ line: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
        var fields: [UnsafeBufferPointer<UInt8>] = []
        self.fields(line, into: &fields)
        return fields
    }

    /// `fields(line)` into an array the caller keeps for every line (a file of 130,000 lines is not 130,000 arrays).
    static func fields(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [UnsafeBufferPointer<UInt8>]) {
        fields.removeAll(keepingCapacity: true)
        guard let base = line.baseAddress else { return fields.append(line) }
        var start = 0
        while let tab = memchr(base + start, 9, line.count - start) {
            let index = UnsafeRawPointer(tab) - UnsafeRawPointer(base)
            fields.append(UnsafeBufferPointer(rebasing: line[start..<index]))
            start = index + 1
        }
        fields.append(UnsafeBufferPointer(rebasing: line[start..<line.count]))
    }

    static func equal(_ field: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        field.count == text.utf8CodeUnitCount
            && field.elementsEqual(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func starts(_ line: UnsafeBufferPointer<UInt8>, with prefix: StaticString) -> Bool {
        line.count >= prefix.utf8CodeUnitCount
            && equal(UnsafeBufferPointer(rebasing: line[0..<prefix.utf8CodeUnitCount]), prefix)
    }

    /// A decimal integer, optionally negative; nil for anything else.
    static func integer(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        var digits = field[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    /// Appends `field` with tab, line breaks and backslash escaped, as `string(_:)` reads it back. A field with
    /// nothing to escape (almost every one) is appended as it is, its bytes looked at where they lie.
    static func appendEscaped(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        let plain = field.withUTF8 { utf8 in
            for byte in utf8 where byte == 92 || byte < 14 && (byte == 9 || byte == 10 || byte == 13) { return false }
            bytes += utf8
            return true
        }
        if plain { return }
        for byte in field.utf8 {
            switch byte {
            case 9: bytes += [92, UInt8(ascii: "t")]
            case 10: bytes += [92, UInt8(ascii: "n")]
            case 13: bytes += [92, UInt8(ascii: "r")]
            case 92: bytes += [92, 92]
            default: bytes.append(byte)
            }
        }
    }

    /// A field as written by `appendEscaped`, unescaped.
    static func string(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard field.contains(92) else { return String(decoding: field, as: UTF8.self) }
        var result: [UInt8] = []
        result.reserveCapacity(field.count)
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): result.append(9)
                case UInt8(ascii: "n"): result.append(10)
                case UInt8(ascii: "r"): result.append(13)
                default: result.append(byte)
                }
                escaped = false
            } else if byte == 92 {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
