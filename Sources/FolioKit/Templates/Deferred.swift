import Mustache

/// A template value computed the first time a template looks it up, then kept: navigation a theme does not show
/// costs nothing. To templates it is the value itself (or absent, when it computes `nil`).
// @unchecked: a page's context is rendered by one thread.
final class Deferred: MustacheCustomRepresentation, @unchecked Sendable {
    private var compute: (() -> Any?)?
    private var value: Any?

    init(_ compute: @escaping () -> Any?) {
        self.compute = compute
    }

    var representation: Any? {
        if let compute {
            value = compute()
            self.compute = nil
        }
        return value
    }
}
