/// The one way problems travel through a build. Every stage and every step inside one is handed the build's
/// `Diagnostics` (`inout`) and reports into it, in the order it finds them. A value a stage hands on carries
/// findings only as data for the cache (a page's front-matter problems, reported again when the page is reused).
/// Work spread over the cores reports into one `Diagnostics` per item, which the caller then takes in the items'
/// order (`report(_:)`), so what a user reads never depends on which core finished first.
public struct Diagnostics: Sendable, Hashable, Codable, RandomAccessCollection, ExpressibleByArrayLiteral {
    private var list: [Diagnostic]

    public init() { list = [] }
    public init(_ diagnostics: some Sequence<Diagnostic>) { list = Array(diagnostics) }
    public init(arrayLiteral diagnostics: Diagnostic...) { list = diagnostics }

    public mutating func report(_ diagnostic: Diagnostic) { list.append(diagnostic) }
    /// Takes what another `Diagnostics` (a worker's, a step's) found, after what this one has.
    public mutating func report(_ diagnostics: some Sequence<Diagnostic>) { list += diagnostics }

    public mutating func error(_ message: String, at path: String, line: Int = 1, column: Int = 1) {
        report(.error(message, at: path, line: line, column: column))
    }

    public mutating func warning(_ message: String, at path: String, line: Int = 1, column: Int = 1) {
        report(.warning(message, at: path, line: line, column: column))
    }

    public var hasErrors: Bool { list.contains { $0.severity == .error } }

    /// Every diagnostic, in the order reported.
    public var all: [Diagnostic] { list }

    /// Ordered by file, then position, so output is stable whatever order the work ran in.
    public func sortedForDisplay() -> [Diagnostic] { list.sortedForDisplay() }

    /// The same diagnostic found on many pages (one rule, many controls) reported once, first occurrence kept.
    public func removingDuplicates() -> Diagnostics { Diagnostics(list.removingDuplicates()) }

    public var startIndex: Int { list.startIndex }
    public var endIndex: Int { list.endIndex }
    public subscript(position: Int) -> Diagnostic { list[position] }
}
