import Foundation

/// What a build writes under a name ending in its process id (`build.json.tmp-<pid>`, `.Public.folio-staging-<pid>`),
/// so that the next build can tell what a stopped build left behind (its writer is gone) from what one still running
/// is writing — a second `folio build` of the same output, or `folio serve`.
enum WriterProcess {
    /// The process id at the end of `name`, after the last `mark`.
    static func id(endingAfter mark: String, in name: String) -> pid_t? {
        guard let range = name.range(of: mark, options: .backwards), let id = pid_t(name[range.upperBound...]), id > 0
        else { return nil }
        return id
    }

    /// Whether process `id` exists (one of another user's counts: the signal is refused, not unknown).
    static func isRunning(_ id: pid_t) -> Bool { kill(id, 0) == 0 || errno != ESRCH }

    /// Whether `name` was written by a process other than this one that is still running.
    static func isAnotherRunning(endingAfter mark: String, in name: String) -> Bool {
        guard let id = id(endingAfter: mark, in: name) else { return false }
        return id != getpid() && isRunning(id)
    }
}
