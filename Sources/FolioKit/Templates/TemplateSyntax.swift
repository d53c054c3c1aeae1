import Mustache

/// A template syntax error in its author's words, at the place to fix. swift-mustache stops where it could read no
/// further, which for a tag or a section left open is the end of the file; the tag that was left open is found here.
enum TemplateSyntax {
    struct Place: Equatable {
        var line: Int
        var column: Int
    }

    /// The message and place for `error`, thrown parsing `text`.
    static func diagnostic(_ error: MustacheTemplate.ParserError, in text: String, at path: String) -> Diagnostic {
        let stopped = Place(line: error.context.lineNumber, column: error.context.columnNumber)
        let tags = scan(text)
        var place = stopped
        var message = describe(error.error)
        switch error.error as? MustacheTemplate.Error {
        case .unfinishedName?, nil:
            // `nil`: the parser ran out of text (inside `{{` at the end of the file).
            if let open = tags.unclosedTag {
                message = tags.unclosedIsTriple ? "a {{{ tag is not closed with }}}" : "a tag is not closed with }}"
                place = open
            } else {
                // Closed, but its name stops early: `{{/layouts/default}}`.
                message =
                    "this tag's name cannot be read: a name is ASCII letters, digits, '.', '-' and '_' "
                    + "(only a partial's may hold '/')"
            }
        case .expectedSectionEnd?:
            if let section = tags.openSections.last {
                message = "the section {{\(section.sigil)\(section.name)}} is never closed: add {{/\(section.name)}}"
                place = section.place
            }
        default:
            break
        }
        return .error("template syntax: \(message)", at: path, line: place.line, column: place.column)
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a closing tag does not match the section it closes"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is never closed: add {{/name}}"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only {{$block}} overrides may stand inside {{<parent}}"
        case .textInsideInheritSection: return "only {{$block}} overrides may stand inside {{<parent}}"
        case .invalidConfigVariableSyntax: return "a {{% config }} tag is malformed"
        case .unrecognisedConfigVariable: return "unknown {{% config }} variable"
        }
    }

    /// The first `{{` without its `}}` (or `{{{` without its `}}}`), and the sections opened and not closed, read from the text's tags.
    struct Tags {
        struct Section {
            var sigil: Character
            var name: String
            var place: Place
        }
        var unclosedTag: Place?
        /// The tag left open is a `{{{`, which `}}}` closes.
        var unclosedIsTriple = false
        var openSections: [Section] = []
    }

    /// Reads the tags of `text` with the default delimiters; stops at a delimiter change (`{{=`), after which its
    /// reading would be wrong.
    static func scan(_ text: String) -> Tags {
        var tags = Tags()
        let characters = Array(text)
        var line = 1
        var column = 1
        var index = 0
        func advance(to end: Int) {
            while index < end {
                if characters[index] == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
                index += 1
            }
        }
        func starts(_ pair: Character, at position: Int) -> Bool {
            position + 1 < characters.count && characters[position] == pair && characters[position + 1] == pair
        }
        while index < characters.count {
            guard starts("{", at: index) else {
                advance(to: index + 1)
                continue
            }
            let place = Place(line: line, column: column)
            var close = index + 2
            while close < characters.count && !starts("}", at: close) && !starts("{", at: close) { close += 1 }
            let triple = index + 2 < characters.count && characters[index + 2] == "{"
            guard close < characters.count, starts("}", at: close),
                !triple || close + 2 < characters.count && characters[close + 2] == "}"
            else {
                tags.unclosedTag = place
                tags.unclosedIsTriple = triple
                return tags
            }
            let content = String(characters[(index + 2)..<close]).trimmingWhitespace()
            if let sigil = content.first {
                let name = String(content.dropFirst()).trimmingWhitespace()
                switch sigil {
                case "=": return tags
                case "#", "^", "$", "<": tags.openSections.append(.init(sigil: sigil, name: name, place: place))
                case "/": if tags.openSections.last?.name == name { tags.openSections.removeLast() }
                default: break
                }
            }
            advance(to: close + (triple ? 3 : 2))
        }
        return tags
    }
}
