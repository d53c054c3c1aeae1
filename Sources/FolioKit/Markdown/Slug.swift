/// Heading ids as GitHub makes them (github-slugger): lower-cased; letters, marks, decimal and letter numbers and
/// connector punctuation (`_`) of every script kept; `-` kept; each space a `-`; everything else removed.
struct Slugger {
    /// How many times each id was handed out, by the id it was made from.
    private var occurrences: [String: Int] = [:]

    static func slug(_ text: String) -> String {
        var text = text
        return text.withUTF8 { asciiSlug($0) } ?? unicodeSlug(text)
    }

    /// `unicodeSlug` of a heading in ASCII (nearly every one), by byte: lower-casing a String and reading each
    /// scalar's category cost 8,000 instructions a heading. Nil when `bytes` are not all ASCII.
    static func asciiSlug(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
        return String(unsafeUninitializedCapacity: bytes.count) { slug in
            var length = 0
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): slug[length] = byte | 0x20
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                    UInt8(ascii: "-"):
                    slug[length] = byte
                case UInt8(ascii: " "): slug[length] = UInt8(ascii: "-")
                default: continue
                }
                length += 1
            }
            return length
        }
    }

    /// The slug by Unicode's rules, for any text.
    static func unicodeSlug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                slug.append("-")
            } else if scalar == "-" || keeps(scalar.properties.generalCategory) {
                slug.append(scalar)
            }
        }
        return String(slug)
    }

    private static func keeps(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            true
        default: false
        }
    }

    /// Reserves an id the author chose (`{#id}`), so generated ones avoid it.
    mutating func reserve(_ id: String) {
        if occurrences[id] == nil { occurrences[id] = 0 }
    }

    /// A unique id for `text`: on repeats `-1`, `-2`, … in document order, skipping ids already taken.
    mutating func uniqueID(for text: String) -> String {
        var base = Self.slug(text)
        // An id must not be empty, nor one of those Folio writes itself.
        if base.isEmpty { base = "section" }
        return uniqueID(after: ReservedIDs.authorID(base))
    }

    /// `base`, or when it is taken `base-1`, `base-2`, …: the first not taken.
    mutating func uniqueID(after base: String) -> String {
        var id = base
        while occurrences[id] != nil {
            let next = (occurrences[base] ?? 0) + 1
            occurrences[base] = next
            id = "\(base)-\(next)"
        }
        occurrences[id] = 0
        return id
    }
}
