import Foundation

/// The cache files of a long-running process (`folio serve`), written once its rebuilds pause: each rebuild's
/// write of a file replaces the one its predecessor left waiting, so a run of edits writes each file once, not once
/// an edit. Encoding a 10,000-page site's link facts, build cache and search cache took about 175 ms of CPU after
/// every rebuild (twice the rebuild's own), on the cores the next rebuild needs.
///
/// The files on disk may then lag the output by a few seconds; each is checked against what it was made from when
/// a later process loads it (page fingerprints, the site key, the output's files), so a lagging file costs that
/// process work, never a wrong page.
final class DeferredWrites: @unchecked Sendable {
    /// How long the process must be quiet before the waiting writes run.
    let pause: DispatchTimeInterval
    /// The longest a write waits while rebuilds keep coming.
    let longest: DispatchTimeInterval
    private let lock = NSLock()
    /// By file path: the latest write asked for.
    private var waiting: [String: @Sendable () -> Void] = [:]
    /// Counts the writes asked for: a timer whose write has been followed by another leaves it to that one's.
    private var asked = 0
    /// When the oldest waiting write was asked for.
    private var waitingSince: DispatchTime?
    private let queue = DispatchQueue(label: "folio: cache writer")
    /// Whether the waiting writes still describe the output (see `BuildSession.outputReplaced`); they are dropped
    /// when not.
    var isCurrent: @Sendable () -> Bool {
        get { lock.withLock { current } }
        set { lock.withLock { current = newValue } }
    }
    private var current: @Sendable () -> Bool = { true }

    init(pause: DispatchTimeInterval = .seconds(2), longest: DispatchTimeInterval = .seconds(20)) {
        self.pause = pause
        self.longest = longest
    }

    /// Writes the file at `path` with `write` once the process has been quiet for `pause` (or after `longest`),
    /// unless another write of the same file is asked for first.
    func write(at path: String, _ write: @escaping @Sendable () -> Void) {
        let (number, since) = lock.withLock {
            waiting[path] = write
            asked += 1
            if waitingSince == nil { waitingSince = .now() }
            return (asked, waitingSince!)
        }
        let overdue = since + longest
        queue.asyncAfter(deadline: min(.now() + pause, overdue)) { [self] in
            let latest = lock.withLock { asked == number }
            if latest || .now() >= overdue { runWaiting() }
        }
    }

    /// Runs every waiting write now and returns when they are done.
    func flush() { queue.sync { runWaiting() } }

    /// Drops the writes waiting (they describe an output another process replaced).
    func discardWaiting() {
        lock.withLock {
            waiting = [:]
            waitingSince = nil
        }
    }

    /// The files waiting to be written (for tests).
    var waitingPaths: [String] { lock.withLock { waiting.keys.sorted() } }

    /// On `queue` only. The files at once, on every core: the process may be stopping, with little time to wait.
    private func runWaiting() {
        guard isCurrent() else { return discardWaiting() }
        let writes = lock.withLock {
            defer {
                waiting = [:]
                waitingSince = nil
            }
            return waiting
        }
        _ = writes.keys.sorted().map { writes[$0]! }.parallelMap { write in write() }
    }
}
