/// "Did you mean …?": the known word closest to a misspelled one, by edit distance.
enum Suggestion {
    /// The candidate nearest to `word` (case-insensitive Levenshtein), if it is near enough to be a typo.
    static func closest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = max(2, target.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let lowered = candidate.lowercased()
            var distance = editDistance(target, Array(lowered.unicodeScalars))
            if distance > limit, target.count >= 4, lowered.contains(word.lowercased()) {
                distance = limit  // a fragment of a longer name: `Indicator` → `pageIndicatorTintColor`
            }
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// `; did you mean `x`?` when a candidate is close, else nothing: to append to a message.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        closest(to: word, among: candidates).map { "; did you mean `\($0)`?" } ?? ""
    }

    /// Levenshtein distance with two rows.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
