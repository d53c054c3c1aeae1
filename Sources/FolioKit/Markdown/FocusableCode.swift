/// A code block that scrolls sideways must be reachable by keyboard (WCAG 2.1.1), at any depth:
/// cmark's `<pre><code` becomes `<pre tabindex="0"><code`.
///
/// Runs on every block of every page, so it scans UTF-8 bytes rather than using Foundation's
/// `String.contains` / `replacingOccurrences`, which go through CFString and showed in the profile.
enum FocusableCode {
    private static let pattern = Array("<pre><code".utf8)
    private static let replacement = Array("<pre tabindex=\"0\"><code".utf8)

    static func apply(_ html: String) -> String {
        var html = html
        let result: String? = html.withUTF8 { bytes in
            guard let first = firstMatch(in: bytes, from: 0) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + replacement.count * 2)
            var start = 0
            var match: Int? = first
            while let at = match {
                output.append(contentsOf: bytes[start..<at])
                output.append(contentsOf: replacement)
                start = at + pattern.count
                match = firstMatch(in: bytes, from: start)
            }
            output.append(contentsOf: bytes[start...])
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }

    private static func firstMatch(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = pattern.count
        guard bytes.count >= count else { return nil }
        var index = start
        while index <= bytes.count - count {
            if bytes[index] == UInt8(ascii: "<") {
                var matched = true
                for offset in 1..<count where bytes[index + offset] != pattern[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
