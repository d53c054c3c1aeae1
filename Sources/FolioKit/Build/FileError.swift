import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file-system call that failed: what it was to do, to which path, and the system's reason (its `errno`).
struct FileError: Error, LocalizedError, CustomStringConvertible, Sendable, Equatable {
    /// What was asked, as a verb phrase: "write", "create the folder", "rename … to".
    var action: String
    var path: String
    var code: Int32

    /// Takes `errno` as the failed call left it.
    init(_ action: String, _ path: String, code: Int32 = errno) {
        self.action = action
        self.path = path
        self.code = code
    }

    /// The system's words for `code`: "No space left on device".
    var reason: String { String(cString: strerror(code)) }
    var description: String { "cannot \(action) \(path): \(reason)" }
    var errorDescription: String? { description }
}
