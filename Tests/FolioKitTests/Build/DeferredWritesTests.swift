import Foundation
import Testing

@testable import FolioKit

/// `folio serve` writes its cache files once its rebuilds pause: each file once for a run of edits, the latest
/// build's, and every waiting file before the process exits.
@Suite struct DeferredWritesTests {
    /// The writes that ran (at once, in any order).
    private final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }

        func wait(for count: Int, seconds: Double = 20) {
            let deadline = Date().addingTimeInterval(seconds)
            while all.count < count, Date() < deadline { usleep(2000) }
        }
    }

    @Test func aRunOfWritesOfOneFileWritesItOnceWithTheLatestOnceTheyPause() {
        // A pause long enough that a loaded machine does not stall between the writes for as long.
        let writes = DeferredWrites(pause: .seconds(1), longest: .seconds(60))
        let log = Log()
        for number in 1...5 { writes.write(at: "cache") { log.add("cache \(number)") } }
        writes.write(at: "facts") { log.add("facts") }
        log.wait(for: 2)
        usleep(400_000)  // another pause: nothing else is written
        #expect(log.all.sorted() == ["cache 5", "facts"])
        #expect(writes.waitingPaths.isEmpty)
    }

    @Test func flushWritesEveryWaitingFileAtOnce() {
        let writes = DeferredWrites(pause: .seconds(600), longest: .seconds(600))
        let log = Log()
        writes.write(at: "search") { log.add("search 1") }
        writes.write(at: "cache") { log.add("cache") }
        writes.write(at: "search") { log.add("search 2") }
        #expect(log.all.isEmpty)
        #expect(writes.waitingPaths == ["cache", "search"])
        writes.flush()
        #expect(log.all.sorted() == ["cache", "search 2"])
        writes.flush()
        #expect(log.all.sorted() == ["cache", "search 2"], "nothing is written twice")
    }

    @Test func writesKeptComingAreWrittenAfterTheLongestWait() {
        let writes = DeferredWrites(pause: .seconds(600), longest: .milliseconds(200))
        let log = Log()
        let start = Date()
        var number = 0
        // Asked for every 20 ms: the pause never comes, the longest wait does.
        while log.all.isEmpty, Date().timeIntervalSince(start) < 20 {
            number += 1
            let this = number
            writes.write(at: "cache") { log.add("cache \(this)") }
            usleep(20_000)
        }
        #expect(!log.all.isEmpty, "a write waited past its longest wait")
        #expect(number > 1)
    }

    @Test func aServeSessionWritesItsCachesOnceItStopsAndTheNextBuildReusesEveryPage() throws {
        let site = try ScratchSite(BuildPipelineTests.files)
        let session = BuildSession(writes: DeferredWrites(pause: .seconds(600), longest: .seconds(600)))
        #expect(site.build(session: session).published)
        try site.write(["notes/first.md": "# First note\n\nText, edited.\n"])
        let rebuilt = site.build(session: session)
        #expect(rebuilt.published && rebuilt.summary.rendered == 1)
        let cache = BuildCache.location(content: site.content.path, output: site.output.path)
        // Nothing written while the session's rebuilds go on: the build cache, the link facts, the search cache.
        #expect(!FileManager.default.fileExists(atPath: cache))
        #expect(
            session.writes.waitingPaths.sorted()
                == [
                    cache, PageFactsFile.location(buildCache: cache), SearchCache.location(buildCache: cache),
                ].sorted())
        session.flush()
        #expect(session.writes.waitingPaths.isEmpty)
        // The files are the last rebuild's: a `folio build` after the session renders nothing.
        let next = site.build()
        #expect(next.published && next.summary.rendered == 0, "\(next.summary)")
        #expect(site.html("notes/first/index.html").contains("Text, edited."))
    }
}
