import FolioKit
import Foundation

/// One wait for a build: resumed by the build's end or by the waiter's cancellation, whichever
/// comes first (a continuation may be resumed only once).
final class BuildWait: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<SiteBuilder.Result?, Never>?
    /// Set by the first `resume`: nil while waiting; `.some(nil)` when cancelled.
    private var outcome: SiteBuilder.Result??

    func set(_ continuation: CheckedContinuation<SiteBuilder.Result?, Never>) {
        let early: SiteBuilder.Result?? = lock.withLock {
            if outcome == nil { self.continuation = continuation }
            return outcome
        }
        if let early { continuation.resume(returning: early) }
    }

    func resume(_ value: SiteBuilder.Result?) {
        let waiting: CheckedContinuation<SiteBuilder.Result?, Never>? = lock.withLock {
            guard outcome == nil else { return nil }
            outcome = .some(value)
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: value)
    }
}

extension BuildSession {
    /// `flush()`, but giving up after `limit`, so that a large cache file cannot hold up the exit.
    func flush(waitingAtMost limit: DispatchTimeInterval) {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.flush()
            done.signal()
        }
        _ = done.wait(timeout: .now() + limit)
    }
}
