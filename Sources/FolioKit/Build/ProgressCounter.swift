import Foundation

/// Counts rendered pages across workers and reports every so often (not per page: that would cost more than it shows).
final class ProgressCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var done = 0
    private let total: Int
    private let every: Int
    private let report: (@Sendable (Int, Int) -> Void)?

    init(total: Int, report: (@Sendable (Int, Int) -> Void)?) {
        self.total = total
        self.report = total >= 1000 ? report : nil  // short builds finish before a progress line could help
        every = max(250, total / 40)
    }

    func step() {
        guard let report else { return }
        lock.lock()
        done += 1
        let now = done
        lock.unlock()
        if now % every == 0 || now == total { report(now, total) }
    }
}
