import Foundation
import Testing

@testable import FolioKit

/// `folio serve` lets go of each build's values (its plan, its pages) on a thread of the session's, so that the
/// rebuild's result is not held up by freeing them.
@Suite struct BuildSessionTests {
    /// Notes the thread it is freed on.
    private final class Values: @unchecked Sendable {
        let freed: (pthread_t) -> Void
        init(freed: @escaping (pthread_t) -> Void) { self.freed = freed }
        deinit { freed(pthread_self()) }
    }

    private final class FreedOn: @unchecked Sendable {
        private let lock = NSLock()
        private var thread: pthread_t?
        func set(_ thread: pthread_t) { lock.withLock { self.thread = thread } }
        var value: pthread_t? { lock.withLock { thread } }
    }

    @Test func aBuildsValuesAreFreedOnAnotherThreadNotLost() throws {
        let session = BuildSession()
        let freedOn = FreedOn()
        let here = pthread_self()
        session.letGo([Values(freed: freedOn.set)])
        let deadline = Date().addingTimeInterval(10)
        while freedOn.value == nil, Date() < deadline { usleep(1000) }
        let thread = try #require(freedOn.value, "the values were never freed")
        #expect(pthread_equal(thread, here) == 0)
    }
}
