import Yams

/// Reads the text of an `appearance.yml` into rules, reporting every problem at its `line:col`.
enum AppearanceFileParser {
    /// The rules of `file`, numbered from `firstOrder` in the order written.
    static func parse(_ file: AppearanceFile, firstOrder: Int, diagnostics: inout Diagnostics) -> [AppearanceRule] {
        guard let document = YAMLDocument.parse(file.text, path: file.path, lineOffset: 0, diagnostics: &diagnostics)
        else { return [] }
        let locator = YAMLLocator(path: file.path, lineOffset: 0)
        let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
        var rules: [AppearanceRule] = []
        for entry in document.entries {
            let quote = isQuoted(lines, line: entry.keyLine, column: entry.keyColumn) ? 1 : 0
            let key: RuleKey
            switch RuleKey.parse(entry.key) {
            case .success(let parsed): key = parsed
            case .failure(let failure):
                diagnostics.report(
                    .error(
                        failure.message, at: file.path, line: entry.keyLine,
                        column: entry.keyColumn + quote + failure.offset))
                continue
            }
            guard case .mapping = entry.node else {
                let (line, column) =
                    YAMLLocator.isNull(entry.node) ? (entry.keyLine, entry.keyColumn) : (entry.line, entry.column)
                diagnostics.report(
                    .error(
                        "rule '\(entry.key)' must be a mapping of properties to colors, like "
                            + "`\(key.component.properties[0].name): systemBlue`; not \(YAMLLocator.kind(entry.node))",
                        at: file.path, line: line, column: column))
                continue
            }
            let settings = readSettings(of: key.component, from: entry.node, in: locator, diagnostics: &diagnostics) {
                AppearanceSource(kind: .rule(key: entry.key), path: file.path, line: $0, column: $1)
            }
            rules.append(
                AppearanceRule(
                    component: key.component, containers: key.containers, key: entry.key, path: file.path,
                    line: entry.keyLine, column: entry.keyColumn,
                    containerColumns: key.containerOffsets.map { entry.keyColumn + quote + $0 },
                    order: firstOrder + rules.count, settings: settings))
        }
        return rules
    }

    /// `property: color` lines of one component, each with its source; bad lines are reported and skipped.
    static func readSettings(
        of component: Component, from node: Node, in file: YAMLLocator, diagnostics: inout Diagnostics,
        source: (_ line: Int, _ column: Int) -> AppearanceSource
    ) -> [AppearanceRule.Setting] {
        guard case .mapping(let mapping) = node else { return [] }
        var settings: [AppearanceRule.Setting] = []
        for (key, value) in mapping {
            let name = key.string ?? ""
            guard let property = component.property(named: name) else {
                diagnostics.report(file.error(unknownProperty(name, of: component), at: key))
                continue
            }
            guard let color = ColorParser.read(value, in: file, diagnostics: &diagnostics) else { continue }
            settings.append(
                .init(property: property, color: color, source: source(file.line(value), file.column(value))))
        }
        return settings
    }

    /// "unknown property …" with a suggestion, or a note when the property belongs to another component.
    static func unknownProperty(_ name: String, of component: Component) -> String {
        let names = component.properties.map(\.name)
        let owners = Component.allCases.filter { $0 != component && $0.property(named: name) != nil }
        if let owner = owners.first {
            return "'\(name)' is a property of \(owner.name), not of \(component.name); "
                + "\(component.name) has \(names.joined(separator: ", "))"
        }
        let hint = Suggestion.didYouMean(name, among: names)
        return "unknown property '\(name)' of \(component.name)"
            + (hint.isEmpty ? "; \(component.name) has \(names.joined(separator: ", "))" : hint)
    }

    /// Whether the key at `line:column` opens with a quote, so offsets inside it shift by one.
    private static func isQuoted(_ lines: [Substring], line: Int, column: Int) -> Bool {
        guard line >= 1, line <= lines.count else { return false }
        let scalars = Array(lines[line - 1].unicodeScalars)
        guard column >= 1, column <= scalars.count else { return false }
        return scalars[column - 1] == "\"" || scalars[column - 1] == "'"
    }
}
