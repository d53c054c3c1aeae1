/// Heading ids: lower-cased text, letters and digits of any script kept, the rest collapsed to `-`.
struct Slugger {
    private var used: [String: Int] = [:]

    static func slug(_ text: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return slug
    }

    /// Reserves an id the author chose, so generated ones avoid it.
    mutating func reserve(_ id: String) {
        used[id, default: 0] += 1
    }

    /// A unique id for `text`: `-2`, `-3`, … on repeats, in document order.
    mutating func uniqueID(for text: String) -> String {
        var base = Self.slug(text)
        if base.isEmpty { base = "section" }
        guard let count = used[base] else {
            used[base] = 1
            return base
        }
        var next = count + 1
        while used["\(base)-\(next)"] != nil { next += 1 }
        used[base] = next
        let id = "\(base)-\(next)"
        used[id] = 1
        return id
    }
}
