/// "Did you mean …?": the known word closest to a misspelled one, by edit distance.
enum Suggestion {
    /// Names to suggest from, lowered once: a site's broken links are each held against every page.
    struct Candidates {
        let names: [String]
        fileprivate let lowered: [[Unicode.Scalar]]
        fileprivate let signatures: [UInt64]

        init(_ names: [String]) {
            self.names = names
            lowered = names.map { Array($0.lowercased().unicodeScalars) }
            signatures = lowered.map(Suggestion.signature)
        }
    }

    /// Which of 64 buckets a word's scalars fall in. Each bucket one word has and the other lacks needs an edit of
    /// its own, so the larger of the two counts is a lower bound of their distance: most candidates of a site's
    /// names are set aside by two bit counts, not measured.
    fileprivate static func signature(_ word: [Unicode.Scalar]) -> UInt64 {
        word.reduce(0) { $0 | 1 << (($1.value &* 0x9e37_79b9) >> 26) }
    }

    /// The candidate nearest to `word` (case-insensitive Levenshtein), if it is near enough to be a typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        closest(to: word, among: Candidates(candidates))
    }

    /// The first of the candidates nearest to `word`, if it is near enough to be a typo: at most a third of its
    /// length away (at least 2), or holding the whole word (`Indicator` → `pageIndicatorTintColor`, counted as that
    /// far). A candidate is measured only as far as it could still be nearer than the best so far.
    static func closest(to word: String, among candidates: Candidates) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = max(2, target.count / 3)
        var best: (index: Int, distance: Int)?
        let targetSignature = signature(target)
        var rows = ([Int](), [Int]())
        for index in candidates.names.indices {
            let bound = min(limit, (best?.distance ?? .max) - 1)
            guard bound >= 0 else { break }
            let lowered = candidates.lowered[index]
            let missing = (targetSignature & ~candidates.signatures[index]).nonzeroBitCount
            let extra = (candidates.signatures[index] & ~targetSignature).nonzeroBitCount
            var distance =
                max(missing, extra) <= bound ? editDistance(target, lowered, atMost: bound, rows: &rows) : nil
            if distance == nil, bound == limit, target.count >= 4, missing == 0, contains(lowered, target) {
                distance = limit
            }
            // The word itself is no suggestion (compared only here: two Strings compared for every candidate were a
            // quarter of the time).
            if distance == 0, candidates.names[index] == word { continue }
            if let distance { best = (index, distance) }
        }
        return best.map { candidates.names[$0.index] }
    }

    /// `; did you mean `x`?` when a candidate is close, else nothing: to append to a message.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// Levenshtein distance with two rows.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var rows = ([Int](), [Int]())
        return editDistance(a, b, atMost: max(a.count, b.count), rows: &rows)!
    }

    /// The Levenshtein distance when it is at most `bound`, else nil. A common beginning and end cost nothing and
    /// are not compared (ids and paths of one site share long ones); lengths further apart than `bound` are not
    /// compared at all; the rows stop once every cell of one exceeds it (no later cell can be smaller). `rows` is
    /// the caller's memory, reused from call to call.
    static func editDistance(
        _ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int, rows: inout ([Int], [Int])
    ) -> Int? {
        guard abs(a.count - b.count) <= bound else { return nil }
        var start = 0
        while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
        var endA = a.count
        var endB = b.count
        while endA > start, endB > start, a[endA - 1] == b[endB - 1] {
            endA -= 1
            endB -= 1
        }
        let lengthA = endA - start
        let lengthB = endB - start
        if lengthA == 0 || lengthB == 0 { return max(lengthA, lengthB) }
        if rows.0.count <= lengthB {
            rows.0 = [Int](repeating: 0, count: lengthB + 1)
            rows.1 = rows.0
        }
        // Two rows of the table, in place (no array checked or grown per cell: a site's broken links measure
        // millions of pairs).
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                rows.0.withUnsafeMutableBufferPointer { first in
                    rows.1.withUnsafeMutableBufferPointer { second in
                        var (above, row) = (first, second)
                        for j in 0...lengthB { above[j] = j }
                        for i in 1...lengthA {
                            row[0] = i
                            var smallest = i
                            let scalar = a[start + i - 1]
                            for j in 1...lengthB {
                                let cost = scalar == b[start + j - 1] ? 0 : 1
                                let cell = min(above[j] + 1, row[j - 1] + 1, above[j - 1] + cost)
                                row[j] = cell
                                smallest = min(smallest, cell)
                            }
                            if smallest > bound { return nil }
                            swap(&above, &row)
                        }
                        let distance = above[lengthB]
                        return distance <= bound ? distance : nil
                    }
                }
            }
        }
    }

    /// Whether `whole` holds `part` as a run of scalars.
    private static func contains(_ whole: [Unicode.Scalar], _ part: [Unicode.Scalar]) -> Bool {
        guard part.count <= whole.count else { return false }
        for start in 0...(whole.count - part.count) where whole[start] == part[0] {
            if whole[start..<start + part.count].elementsEqual(part) { return true }
        }
        return false
    }
}
