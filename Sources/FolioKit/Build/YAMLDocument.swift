import Yams

/// A YAML mapping read with positions, so every value can be reported at its own `line:col`.
struct YAMLDocument {
    /// A value and where it stands in its file.
    struct Entry {
        var key: String
        var node: Node
        var keyLine: Int
        var keyColumn: Int
        var line: Int
        var column: Int
    }

    var entries: [Entry]
    let path: String
    let lineOffset: Int

    /// Yams' default constructor, made once: `Constructor.default` builds its three maps on every call (9,000
    /// instructions a front matter). Its maps are `let`s, so every thread may read it.
    nonisolated(unsafe) private static let constructor = Constructor.default

    /// `parse` for a page's front matter: flat front matter (`FlatYAML`) is read without libyaml. `appearance:` is
    /// always left to Yams: its reader places errors at the value's own node, which only Yams' nodes know.
    static func parseFrontMatter(_ text: String, path: String, lineOffset: Int, diagnostics: inout Diagnostics)
        -> YAMLDocument?
    {
        if let entries = FlatYAML.entries(text, lineOffset: lineOffset, tag: { Tag($0, .basic, constructor) }),
            !entries.contains(where: { $0.key == "appearance" })
        {
            return YAMLDocument(entries: entries, path: path, lineOffset: lineOffset)
        }
        return parse(text, path: path, lineOffset: lineOffset, diagnostics: &diagnostics)
    }

    /// Parses `text` (which starts `lineOffset` lines into the file at `path`); nil after reporting a syntax error.
    static func parse(_ text: String, path: String, lineOffset: Int = 0, diagnostics: inout Diagnostics)
        -> YAMLDocument?
    {
        if let bounds = YAMLBounds.check(text, path: path, lineOffset: lineOffset) {
            diagnostics.report(bounds)
            return nil
        }
        let node: Node?
        do {
            // No regex tagging, no environment lookup per call.
            node = try Yams.compose(yaml: text, .basic, Self.constructor, .utf8)
        } catch let error as YamlError {
            diagnostics.report(Self.diagnostic(for: error, path: path, lineOffset: lineOffset))
            return nil
        } catch {
            diagnostics.report(.error("invalid YAML: \(error)", at: path, line: lineOffset + 1))
            return nil
        }
        guard let node else { return YAMLDocument(entries: [], path: path, lineOffset: lineOffset) }
        guard case .mapping(let mapping) = node else {
            let mark = node.mark
            diagnostics.report(
                .error(
                    "expected a mapping of `key: value` lines", at: path,
                    line: (mark?.line ?? 1) + lineOffset, column: mark?.column ?? 1))
            return nil
        }
        var entries: [Entry] = []
        for (key, value) in mapping {
            entries.append(
                Entry(
                    key: key.string ?? "",
                    node: value,
                    keyLine: (key.mark?.line ?? 1) + lineOffset, keyColumn: key.mark?.column ?? 1,
                    line: (value.mark?.line ?? key.mark?.line ?? 1) + lineOffset,
                    column: value.mark?.column ?? key.mark?.column ?? 1))
        }
        return YAMLDocument(entries: entries, path: path, lineOffset: lineOffset)
    }

    private static func diagnostic(for error: YamlError, path: String, lineOffset: Int) -> Diagnostic {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            // libyaml's context comes first: "while scanning a simple key, could not find expected ':'".
            let detail = context.map { "\($0.text), \(problem)" } ?? problem
            return .error("invalid YAML: \(detail)", at: path, line: mark.line + lineOffset, column: mark.column)
        case .reader(let problem, let offset, let value, let yaml):
            // A character YAML does not allow (a NUL, a control character): named, not printed, at its place.
            let before = yaml.utf8.prefix(offset ?? 0)
            let line = before.count(where: { $0 == 0x0a }) + 1
            let column =
                String(
                    decoding: before.split(separator: 0x0a, omittingEmptySubsequences: false).last ?? [], as: UTF8.self
                ).count + 1
            let hex = String(value, radix: 16, uppercase: true)
            let character = value >= 0 ? " (U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex))" : ""
            return .error("invalid YAML: \(problem)\(character)", at: path, line: line + lineOffset, column: column)
        case .duplicatedKeysInMapping(let duplicates, let context):
            // Yams' own text gives the line within the YAML, not within the file: name the key, place it in the file.
            let key = duplicates.sorted().first ?? ""
            let first = context.mark
            let repeated = repeatedKey(key, after: first, in: context.text)
            let names = duplicates.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let message = "duplicate key \(names): a key may appear only once in a mapping; remove or rename one"
            guard let repeated else {
                return .error(message, at: path, line: first.line + lineOffset, column: first.column)
            }
            return .error(
                message + " (the first is at line \(first.line + lineOffset))", at: path,
                line: repeated.line + lineOffset, column: repeated.column)
        default:
            return .error("invalid YAML: \(error)", at: path, line: lineOffset + 1)
        }
    }

    /// Where `key` is written again after its first place, at the same indentation: the line a user has to fix.
    private static func repeatedKey(_ key: String, after first: Mark, in yaml: String) -> (line: Int, column: Int)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard first.line >= 1, first.line <= lines.count else { return nil }
        let indent = first.column - 1
        for number in first.line..<lines.count {
            let line = lines[number]
            guard line.count > indent, line.prefix(indent).allSatisfy({ $0 == " " || $0 == "-" }) else { continue }
            let rest = line.dropFirst(indent)
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling + ":") {
                return (number + 1, first.column)
            }
        }
        return nil
    }

    // MARK: Typed readers: each reports a wrong type at the value's position.

    func position(_ entry: Entry) -> (line: Int, column: Int) { (entry.line, entry.column) }

    func error(_ message: String, _ entry: Entry) -> Diagnostic {
        .error(message, at: path, line: entry.line, column: entry.column)
    }

    /// The text of a key; nil for YAML's null (`title: ~`, `title: null`, `title:`), which leaves the key unset
    /// rather than naming the page "~".
    func string(_ entry: Entry, _ diagnostics: inout Diagnostics) -> String? {
        guard case .scalar(let scalar) = entry.node else {
            diagnostics.report(error("'\(entry.key)' must be text", entry))
            return nil
        }
        if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return nil }
        return scalar.string
    }

    /// `true` or `false` (YAML 1.1's `yes`, `no`, `on` and `off` too, as PyYAML and Hugo read them); in quotes it
    /// is text, which the message says rather than "must be true or false, not 'true'".
    func bool(_ entry: Entry, _ diagnostics: inout Diagnostics) -> Bool? {
        if case .scalar = entry.node, let value = entry.node.bool { return value }
        let given = entry.node.string ?? "a list or mapping"
        let quoted =
            if case .scalar(let scalar) = entry.node, scalar.style != .plain,
                Node(scalar.string).bool != nil
            {
                " (in quotes it is text: write it without them)"
            } else { "" }
        diagnostics.report(error("'\(entry.key)' must be true or false, not '\(given)'\(quoted)", entry))
        return nil
    }

    func int(_ entry: Entry, in range: ClosedRange<Int>? = nil, _ diagnostics: inout Diagnostics) -> Int? {
        if case .scalar = entry.node, let value = entry.node.int, range?.contains(value) ?? true { return value }
        let expected = range.map { "a whole number from \($0.lowerBound) to \($0.upperBound)" } ?? "a whole number"
        diagnostics.report(
            error("'\(entry.key)' must be \(expected), not '\(entry.node.string ?? "a list or mapping")'", entry))
        return nil
    }

    func strings(_ entry: Entry, _ diagnostics: inout Diagnostics) -> [String]? {
        if case .scalar(let scalar) = entry.node { return [scalar.string] }
        guard case .sequence(let sequence) = entry.node else {
            diagnostics.report(error("'\(entry.key)' must be a list of text", entry))
            return nil
        }
        var values: [String] = []
        for item in sequence {
            guard case .scalar(let scalar) = item else {
                diagnostics.report(
                    .error(
                        "'\(entry.key)' must be a list of text", at: path,
                        line: (item.mark?.line ?? 1) + lineOffset, column: item.mark?.column ?? 1))
                return nil
            }
            values.append(scalar.string)
        }
        return values
    }

    static func value(_ node: Node) -> YAMLValue {
        switch node {
        case .scalar(let scalar):
            if scalar.style == .plain {
                if scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null" { return .null }
                if let bool = node.bool { return .bool(bool) }
                if let int = node.int { return .int(int) }
                if let double = node.float { return .double(double) }
            }
            return .string(scalar.string)
        case .sequence(let sequence):
            return .list(sequence.map(value))
        case .mapping(let mapping):
            return .mapping(mapping.map { (key: $0.key.string ?? "", value: value($0.value)) })
        case .alias:
            return .null
        }
    }
}
