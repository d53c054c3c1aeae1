/// "Did you mean …?": the known word closest to a misspelled one, by edit distance.
enum Suggestion {
    /// Names to suggest from, lowered once: a site's broken links are each held against every page.
    struct Candidates {
        let names: [String]
        fileprivate let lowered: [[Unicode.Scalar]]

        init(_ names: [String]) {
            self.names = names
            lowered = names.map { Array($0.lowercased().unicodeScalars) }
        }
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
        var rows = ([Int](), [Int]())
        for index in candidates.names.indices where candidates.names[index] != word {
            let bound = min(limit, (best?.distance ?? .max) - 1)
            guard bound >= 0 else { break }
            let lowered = candidates.lowered[index]
            var distance = editDistance(target, lowered, atMost: bound, rows: &rows)
            if distance == nil, bound == limit, target.count >= 4, contains(lowered, target) {
                distance = limit
            }
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
        rows.0.removeAll(keepingCapacity: true)
        rows.0.append(contentsOf: 0...lengthB)
        rows.1.removeAll(keepingCapacity: true)
        rows.1.append(contentsOf: repeatElement(0, count: lengthB + 1))
        for i in 1...lengthA {
            rows.1[0] = i
            var smallest = i
            let scalar = a[start + i - 1]
            for j in 1...lengthB {
                let cost = scalar == b[start + j - 1] ? 0 : 1
                let cell = min(rows.0[j] + 1, rows.1[j - 1] + 1, rows.0[j - 1] + cost)
                rows.1[j] = cell
                smallest = min(smallest, cell)
            }
            if smallest > bound { return nil }
            swap(&rows.0, &rows.1)
        }
        let distance = rows.0[lengthB]
        return distance <= bound ? distance : nil
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
