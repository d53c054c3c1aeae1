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
        forEachToken(text) { word, hash, _ in body(word, hash) }
    }

    /// `forEachToken`, with each token's `SearchTermTable.hash` and, for a token of one to seven bytes, its
    /// `SearchTermTable.key` (else 0).
    static func forEachToken(_ text: String, _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void) {
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

    /// Bytes of a word are ASCII letters and digits and every byte of a longer UTF-8 sequence (whose runs the
    /// Unicode path splits); the scanner tests eight bytes at a time, each byte's answer in its high bit.
    private static let highBits: UInt64 = 0x8080_8080_8080_8080
    private static let lowBits: UInt64 = 0x0101_0101_0101_0101

    /// The high bit of each byte of `chunk` that is at least `low` (`chunk`'s bytes below 0x80, `low` at most 0x80):
    /// adding `0x80 - low` carries into the high bit exactly then, and never into the next byte.
    @inline(__always)
    private static func atLeast(_ low: UInt64, _ chunk: UInt64) -> UInt64 {
        (chunk &+ (0x80 &- low) &* lowBits) & highBits
    }

    /// The high bit of each byte of `chunk` that belongs to a word.
    @inline(__always)
    private static func wordBytes(_ chunk: UInt64) -> UInt64 {
        let ascii = chunk & ~highBits
        let digits = atLeast(0x30, ascii) & ~atLeast(0x3a, ascii)
        let folded = ascii | 0x20 &* lowBits  // A–Z onto a–z; nothing else lands there
        let letters = atLeast(0x61, folded) & ~atLeast(0x7b, folded)
        return digits | letters | chunk & highBits
    }

    /// The first `count` bytes of a chunk (`count` below 8).
    @inline(__always)
    private static func firstBytes(_ count: Int) -> UInt64 { (1 &<< UInt64(count &* 8)) &- 1 }

    @inline(__always)
    private static func load(_ base: UnsafePointer<UInt8>, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
    }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7a)
    }

    /// Words longer than this are lower-cased and hashed after they are found, not while they are scanned.
    private static let shortWord = 64

    // A word is found, lower-cased and hashed in one pass, eight bytes a step: its bytes are read once and a word
    // costs about one branch, not one a byte. It is passed as the lower-cased copy made on the way, on the stack
    // (setting 0x20 lowers an ASCII capital and leaves digits and small letters as they are), with its key when it
    // ends in its first eight bytes. A run touching non-ASCII bytes takes the Unicode path. The last seven bytes of a
    // text, a word running into them and a very long word go a byte a step.
    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, UInt64, UInt64) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        let end = bytes.count
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: shortWord) { lowered in
            let copy = UnsafeMutableRawPointer(lowered.baseAddress!)  // stored into eight bytes at a time
            var index = 0
            // Where the next word starts, when the chunk that ended the last one showed it (-1: not known).
            var next = -1
            while true {
                if next >= 0 {
                    index = next
                    next = -1
                } else {
                    // The next word's first byte.
                    while index &+ 8 <= end {
                        let word = wordBytes(load(base, index))
                        if word != 0 {
                            index &+= word.trailingZeroBitCount &>> 3
                            break
                        }
                        index &+= 8
                    }
                    while index < end, !isWordByte(base[index]) { index &+= 1 }
                    guard index < end else { return }
                }
                let start = index
                // Its end, its hash and its lower-cased bytes, eight bytes a step while they lie in the text.
                var hash = SearchTermTable.seed
                var nonASCII: UInt64 = 0
                var found = false
                var key: UInt64 = 0
                while index &+ 8 <= end, index &- start < shortWord {
                    let chunk = load(base, index)
                    let outside = ~wordBytes(chunk) & highBits
                    let kept = outside == 0 ? ~0 : firstBytes(outside.trailingZeroBitCount &>> 3)
                    nonASCII |= chunk & kept
                    let lower = (chunk | 0x20 &* lowBits) & kept
                    copy.storeBytes(of: lower.littleEndian, toByteOffset: index &- start, as: UInt64.self)
                    if outside == 0 {
                        hash = SearchTermTable.step(hash, lower)
                        index &+= 8
                        continue
                    }
                    let ending = outside.trailingZeroBitCount &>> 3
                    // The chunk's word bytes after the end: the next word, when one starts in this chunk.
                    let after = (~outside & highBits) &>> UInt64(ending &* 8)
                    if after != 0 { next = index &+ ending &+ after.trailingZeroBitCount &>> 3 }
                    index &+= ending
                    hash = SearchTermTable.finish(hash, tail: lower, count: index &- start)
                    if index &- start < 8 { key = SearchTermTable.key(lower, count: index &- start) }
                    found = true
                    break
                }
                if !found {
                    while index < end, isWordByte(base[index]) {
                        nonASCII |= UInt64(base[index]) &<< 56
                        index &+= 1
                    }
                }
                let run = UnsafeBufferPointer(start: base + start, count: index &- start)
                if nonASCII & highBits != 0 {
                    var words: [String] = []
                    unicodeTokens(String(decoding: run, as: UTF8.self), into: &words)
                    for var word in words { word.withUTF8 { body($0, SearchTermTable.hash($0), 0) } }
                } else if !found {
                    // Near the end of the text, or very long: lower-cased a byte a step, then hashed.
                    var word = run.count <= shortWord ? [] : Array(run)
                    word.withUnsafeMutableBufferPointer { long in
                        let target =
                            run.count <= shortWord ? lowered.baseAddress! : long.baseAddress!
                        for offset in 0..<run.count {
                            let byte = run[offset]
                            target[offset] = byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte
                        }
                        let lowered = UnsafeBufferPointer(start: target, count: run.count)
                        body(lowered, SearchTermTable.hash(lowered), 0)
                    }
                } else {
                    body(UnsafeBufferPointer(start: lowered.baseAddress!, count: run.count), hash, key)
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
