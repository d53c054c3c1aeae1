/// The key of a rule, `Component` or `Component in X1 in … in Xn`, read into its parts.
struct RuleKey: Equatable {
    /// Why a key does not read, and where in it (in characters from its start).
    struct Failure: Error, Equatable {
        var message: String
        var offset: Int
    }

    var component: Component
    /// Innermost first, as written and as in `appearance(whenContainedInInstancesOf:)`.
    var containers: [String]
    /// Where each container starts in the key, in characters.
    var containerOffsets: [Int]

    static let form = "write `Component` or `Component in Container in …`"

    /// Reads `text`; a failure says what is wrong and where.
    static func parse(_ text: String) -> Result<RuleKey, Failure> {
        let words = tokens(text)
        guard let first = words.first else {
            return .failure(Failure(message: "empty rule key: \(form)", offset: 0))
        }
        if first.word == "in" {
            return .failure(
                Failure(message: "malformed rule key '\(text)': it must start with a component; \(form)", offset: 0))
        }
        guard let component = Component(named: first.word) else {
            let hint = Suggestion.didYouMean(first.word, among: Component.allCases.map(\.name))
            let known =
                hint.isEmpty ? "; components are " + Component.allCases.map(\.name).joined(separator: ", ") : hint
            return .failure(Failure(message: "unknown component '\(first.word)'\(known)", offset: first.offset))
        }
        var containers: [String] = []
        var offsets: [Int] = []
        var index = 1
        while index < words.count {
            let joiner = words[index]
            guard joiner.word == "in" else {
                let previous = words[index - 1].word
                let message = "malformed rule key '\(text)': expected `in` after '\(previous)', not '\(joiner.word)'"
                return .failure(Failure(message: message + "; \(form)", offset: joiner.offset))
            }
            guard index + 1 < words.count else {
                return .failure(
                    Failure(
                        message: "malformed rule key '\(text)': a container name must follow `in`",
                        offset: joiner.offset))
            }
            let container = words[index + 1]
            guard AppearanceContainer.isWellFormed(container.word) else {
                return .failure(Failure(message: notAContainer(container.word, key: text), offset: container.offset))
            }
            containers.append(container.word)
            offsets.append(container.offset)
            index += 2
        }
        return .success(RuleKey(component: component, containers: containers, containerOffsets: offsets))
    }

    private static func notAContainer(_ word: String, key: String) -> String {
        var message = "malformed rule key '\(key)': '\(word)' is not a container name"
        if word == "in" { return message + "; a container name must follow `in`" }
        if word.lowercased().hasPrefix("layout:") {
            return message + "; did you mean `\(AppearanceContainer.layoutPrefix)\(word.dropFirst("layout:".count))`?"
        }
        message += "; containers are " + AppearanceContainer.builtIn.joined(separator: ", ")
        return message + ", Layout:<name> or a name pages declare with `container:`"
    }

    /// Words split at spaces and tabs, with their character offsets.
    private static func tokens(_ text: String) -> [(word: String, offset: Int)] {
        var result: [(word: String, offset: Int)] = []
        var current = ""
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar == " " || scalar == "\t" {
                if !current.isEmpty { result.append((current, start)) }
                current = ""
            } else {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            }
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }
}
