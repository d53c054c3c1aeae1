import Yams

/// Where YAML nodes stand in their file, so a problem is reported at the user's own `line:col`.
struct YAMLLocator: Sendable {
    /// The file as shown in messages.
    let path: String
    /// Lines before the YAML text in the file: 1 for front matter (after the opening `---`), 0 for a YAML file.
    let lineOffset: Int

    /// The node's 1-based line in the file.
    func line(_ node: Node) -> Int { (node.mark?.line ?? 1) + lineOffset }

    /// The node's 1-based column.
    func column(_ node: Node) -> Int { node.mark?.column ?? 1 }

    /// The column of the node's text: past the opening quote of a quoted scalar.
    func textColumn(_ node: Node) -> Int {
        if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
            return column(node) + 1
        }
        return column(node)
    }

    /// An error at the node, `offset` characters into its text.
    func error(_ message: String, at node: Node, offset: Int = 0) -> Diagnostic {
        .error(message, at: path, line: line(node), column: (offset == 0 ? column(node) : textColumn(node) + offset))
    }

    /// A warning at the node, `offset` characters into its text.
    func warning(_ message: String, at node: Node, offset: Int = 0) -> Diagnostic {
        .warning(message, at: path, line: line(node), column: (offset == 0 ? column(node) : textColumn(node) + offset))
    }

    /// A short description of a node that was not the expected kind.
    static func kind(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): scalar.string.isEmpty ? "nothing" : "'\(scalar.string)'"
        case .sequence: "a list"
        case .mapping: "a mapping"
        case .alias: "an alias"
        }
    }

    /// Whether a scalar is YAML's null: empty, `~` or `null`, unquoted (what a bare `#hex` leaves behind).
    static func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
        return scalar.string.isEmpty || scalar.string == "~" || scalar.string == "null"
    }
}
