/// A stage's result and the problems found making it: how the build's stages hand their values on.
public struct Diagnosed<Value> {
    public var value: Value
    public var diagnostics: [Diagnostic]

    public init(_ value: Value, _ diagnostics: [Diagnostic] = []) {
        self.value = value
        self.diagnostics = diagnostics
    }

    /// The value, with its problems added to `collected`.
    public func unwrap(into collected: inout [Diagnostic]) -> Value {
        collected += diagnostics
        return value
    }
}

extension Diagnosed: Sendable where Value: Sendable {}
