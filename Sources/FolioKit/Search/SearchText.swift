import Foundation

/// How the index and the reader's client split and fold text: the same rules on both sides (search.js mirrors them).
/// Words are runs of letters and digits of any script, lower-cased, with diacritics removed (é → e);
/// CJK text has no spaces, so each run of CJK characters becomes its overlapping character pairs.
public enum SearchText {
    /// The folded tokens of `text`, in order, repeats kept.
    public static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        forEachToken(text) { tokens.append(String(decoding: $0, as: UTF8.self)) }
        return tokens
    }

    /// Calls `body` with each folded token of `text`, in order, as UTF-8 bytes valid during the call: the index
    /// looks every word of every page up this way, without a String or a copy for a word already in lower case.
    static func forEachToken(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        forEachToken(text) { word, _ in body(word) }
    }

    /// `forEachToken`, with each token's `SearchTermTable.hash`.
    static func forEachToken(_ text: String, _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> Void) {
        var text = text
        text.withUTF8 { scan($0, body) }
    }

    /// Folds one word or query: lower case, then the combining diacritics of Latin, Greek and Cyrillic letters
    /// dropped (é → e); the marks other scripts spell with (kana voicing, Indic vowel signs) are kept, recomposed.
    public static func fold(_ text: String) -> String {
        let lowered = text.lowercased().decomposedStringWithCanonicalMapping
        var scalars = String.UnicodeScalarView()
        for scalar in lowered.unicodeScalars where !isDiacritic(scalar) { scalars.append(scalar) }
        return String(scalars).precomposedStringWithCanonicalMapping
    }

    /// What each byte is to the scanner: 0 not part of a word, `lowerOrDigit`, `upper` (an ASCII capital) or
    /// `nonASCII` (a byte of a longer UTF-8 sequence, left to the Unicode path).
    private static let byteKinds: [UInt8] = (0..<256).map { byte in
        switch byte {
        case 0x30...0x39, 0x61...0x7a: lowerOrDigit
        case 0x41...0x5a: upper
        case 0x80...: nonASCII
        default: 0
        }
    }
    private static let lowerOrDigit: UInt8 = 1
    private static let upper: UInt8 = 2
    private static let nonASCII: UInt8 = 4

    // A run of ASCII letters and digits is passed as it is, or lower-cased into a buffer on the stack, and hashed
    // once it is found; a run touching non-ASCII takes the Unicode path.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UInt64) -> Void)
    {
        byteKinds.withUnsafeBufferPointer { kinds in
            var index = 0
            let end = bytes.count
            while index < end {
                var kind = kinds[Int(bytes[index])]
                guard kind != 0 else {
                    index &+= 1
                    continue
                }
                let start = index
                var seen: UInt8 = 0
                repeat {
                    seen |= kind
                    index &+= 1
                    guard index < end else { break }
                    kind = kinds[Int(bytes[index])]
                } while kind != 0
                let run = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if seen & nonASCII != 0 {
                    var words: [String] = []
                    unicodeTokens(String(decoding: run, as: UTF8.self), into: &words)
                    for var word in words { word.withUTF8 { body($0, SearchTermTable.hash($0)) } }
                } else if seen & upper != 0 {
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: run.count + 8) { lowered in
                        for (offset, byte) in run.enumerated() {
                            lowered[offset] = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
                        }
                        (lowered.baseAddress! + run.count).initialize(repeating: 0, count: 8)
                        let word = UnsafeBufferPointer(rebasing: lowered[..<run.count])
                        body(
                            word, SearchTermTable.hash(lowered.baseAddress!, count: run.count, readable: run.count + 8))
                    }
                } else {
                    body(
                        run,
                        SearchTermTable.hash(bytes.baseAddress! + start, count: run.count, readable: end - start))
                }
            }
        }
    }

    private static func unicodeTokens(_ run: String, into tokens: inout [String]) {
        var word = String.UnicodeScalarView()
        var cjk: [Unicode.Scalar] = []
        func flushWord() {
            if !word.isEmpty { tokens.append(String(word)) }
            word = String.UnicodeScalarView()
        }
        func flushCJK() {
            if cjk.count == 1 {
                tokens.append(String(cjk[0]))
            } else if cjk.count > 1 {
                for index in 0..<(cjk.count - 1) {
                    var pair = String.UnicodeScalarView()
                    pair.append(cjk[index])
                    pair.append(cjk[index + 1])
                    tokens.append(String(pair))
                }
            }
            cjk.removeAll(keepingCapacity: true)
        }
        for scalar in fold(run).unicodeScalars {
            if isCJK(scalar) {
                flushWord()
                cjk.append(scalar)
            } else if isWordScalar(scalar) {
                flushCJK()
                word.append(scalar)
            } else {
                flushWord()
                flushCJK()
            }
        }
        flushWord()
        flushCJK()
    }

    /// The combining diacritical mark blocks (search.js drops the same ranges).
    static func isDiacritic(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0300...0x036F, 0x1AB0...0x1AFF, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: return true
        default: return false
        }
    }

    /// `\p{L}`, `\p{N}` or `\p{M}`, as search.js tests it.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark:
            return true
        default: return false
        }
    }

    /// Han, kana and Hangul: scripts written without spaces between words (search.js has the same ranges).
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xAC00...0xD7AF, 0x20000...0x2FFFF:
            return true
        default: return false
        }
    }
}
