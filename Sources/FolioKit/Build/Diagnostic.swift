/// A problem found in the site's input, at the place a user can open in an editor.
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, Codable {
        case error, warning
    }

    public var path: String
    public var line: Int
    public var column: Int
    public var severity: Severity
    public var message: String

    public init(path: String, line: Int = 1, column: Int = 1, severity: Severity = .error, message: String) {
        self.path = path
        self.line = max(line, 1)
        self.column = max(column, 1)
        self.severity = severity
        self.message = message
    }

    public static func error(_ message: String, at path: String, line: Int = 1, column: Int = 1) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .error, message: message)
    }

    public static func warning(_ message: String, at path: String, line: Int = 1, column: Int = 1) -> Diagnostic {
        Diagnostic(path: path, line: line, column: column, severity: .warning, message: message)
    }

    /// `path:line:col: error: message`, the form editors and CI annotate.
    public var description: String { "\(path):\(line):\(column): \(severity.rawValue): \(message)" }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Ordered by file, then position, so output is stable whatever order the work ran in.
    public func sortedForDisplay() -> [Diagnostic] {
        sorted { ($0.path, $0.line, $0.column, $0.message) < ($1.path, $1.line, $1.column, $1.message) }
    }

    /// The same diagnostic found on many pages (one rule, many controls) reported once, first occurrence kept.
    public func removingDuplicates() -> [Diagnostic] {
        var seen: Set<String> = []
        return filter { seen.insert($0.description).inserted }
    }
}

extension Diagnostic: Error {}
