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
            guard let first = ByteSearch.find(pattern, in: bytes, from: 0) else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + replacement.count * 2)
            var start = 0
            var match: Int? = first
            while let at = match {
                output.append(contentsOf: bytes[start..<at])
                output.append(contentsOf: replacement)
                start = at + pattern.count
                match = ByteSearch.find(pattern, in: bytes, from: start)
            }
            output.append(contentsOf: bytes[start...])
            return String(decoding: output, as: UTF8.self)
        }
        return result ?? html
    }
}
