import Testing

@testable import FolioKit

@Suite struct SuggestionTests {
    /// The rule as first written: every candidate measured in full, a candidate holding the whole word counted as
    /// `limit` away, the first of the nearest kept. The measured-only-as-far-as-needed version must agree with it.
    private static func plainClosest(to word: String, among candidates: [String]) -> String? {
        let target = Array(word.lowercased().unicodeScalars)
        guard !target.isEmpty else { return nil }
        let limit = max(2, target.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate != word {
            let lowered = candidate.lowercased()
            var distance = plainDistance(target, Array(lowered.unicodeScalars))
            if distance > limit, target.count >= 4, lowered.contains(word.lowercased()) { distance = limit }
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    private static func plainDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                table[i][j] = min(
                    table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
        }
        return table[a.count][b.count]
    }

    private static func word(_ random: inout SeededGenerator) -> String {
        let letters = Array("abcdAB/.é")
        return String((0..<Int.random(in: 0...9, using: &random)).map { _ in letters.randomElement(using: &random)! })
    }

    @Test func aBoundedDistanceIsTheDistanceWhenWithinTheBoundAndNothingBeyond() {
        var random = SeededGenerator(state: 7)
        var rows = ([Int](), [Int]())
        for _ in 0..<3000 {
            let a = Array(Self.word(&random).unicodeScalars)
            let b = Array(Self.word(&random).unicodeScalars)
            let bound = Int.random(in: 0...6, using: &random)
            let full = Self.plainDistance(a, b)
            #expect(Suggestion.editDistance(a, b) == full)
            #expect(
                Suggestion.editDistance(a, b, atMost: bound, rows: &rows) == (full <= bound ? full : nil),
                "\(a) \(b) \(bound)")
        }
    }

    @Test func theSuggestionIsTheOneEveryCandidateMeasuredInFullWouldGive() {
        var random = SeededGenerator(state: 11)
        var suggested = 0
        for _ in 0..<600 {
            var candidates = (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.word(&random) }
            let word = Self.word(&random)
            // The word itself among them, now and then: never its own suggestion (its other cases may be).
            if Bool.random(using: &random) {
                candidates.insert(word, at: Int.random(in: 0...candidates.count, using: &random))
            }
            let expected = Self.plainClosest(to: word, among: candidates)
            #expect(Suggestion.closest(to: word, among: candidates) == expected, "\(word) in \(candidates)")
            if expected != nil { suggested += 1 }
        }
        #expect(suggested > 100)  // the comparison covered many suggestions, not only "none"
    }

    @Test func aPathOneDigitOffGetsTheFirstNearestPageAndAFarOneNone() {
        let pages = Suggestion.Candidates(["d000/p00001.md", "d006/p00656.md", "d006/p00657.md", "guide/index.md"])
        #expect(Suggestion.closest(to: "d066/p06656.md", among: pages) == "d006/p00656.md")
        #expect(Suggestion.closest(to: "d006/p00658.md", among: pages) == "d006/p00656.md")
        #expect(Suggestion.closest(to: "reference/api.md", among: pages) == nil)
        #expect(Suggestion.closest(to: "Indicator", among: ["pageIndicatorTintColor"]) == "pageIndicatorTintColor")
    }
}
