import Foundation
import Testing

@testable import FolioKit

/// The build's two ways of using every core: `parallelMap` over pages, and `concurrently` for two steps at once
/// (the site's publication beside the search index, the caches saved side by side).
@Suite struct ParallelMapTests {
    @Test func bothStepsRunAndEachGivesItsResult() {
        let (first, second) = concurrently({ (1...100).reduce(0, +) }, { "second" })
        #expect(first == 5050)
        #expect(second == "second")
    }

    @Test func theFirstStepRunsOnTheCallersThreadAndTheSecondOnAThreadOfItsOwn() {
        // Not two iterations of one `concurrentPerform`: libdispatch shares the cores out among nested applies, so a
        // `parallelMap` inside either step would run on one core (the search index's shards were encoded so). How
        // many threads a nested `parallelMap` gets depends on how busy the process's worker threads are (other
        // tests keep them busy), so the test checks where the steps run.
        let caller = pthread_self()
        let (first, second) = concurrently(
            { (pthread_self(), ConcurrentSteps.onAStepThread) }, { (pthread_self(), ConcurrentSteps.onAStepThread) })
        #expect(pthread_equal(first.0, caller) != 0)
        #expect(!first.1)
        #expect(pthread_equal(second.0, caller) == 0)
        #expect(second.1)
    }

    @Test func theRunsCoverEveryItemOnceInOrderAndShrinkTowardTheEnd() {
        for (count, cores) in [(0, 2), (1, 2), (5, 2), (100, 2), (10_001, 2), (10_000, 8), (100_000, 1)] {
            let runs = [Int].runs(count: count, cores: cores)
            #expect(runs.flatMap { Array($0) } == Array(0..<count), "\(count) on \(cores)")
            #expect(runs.allSatisfy { !$0.isEmpty })
            guard count >= 1000 else { continue }
            let largest = count / (cores * 8)
            #expect(runs.first?.count == largest && runs.allSatisfy { $0.count <= largest }, "\(count) on \(cores)")
            // Each worker's last runs are small: the cores finish within a few pages of each other.
            #expect(runs.suffix(cores).allSatisfy { $0.count <= 16 }, "\(runs.suffix(4))")
            #expect(runs.count <= cores * 8 + 40, "\(runs.count) runs")
        }
    }

    @Test func aParallelMapKeepsTheOrderOfItsItems() {
        let squares = (0..<1000).map { $0 }.parallelMap { $0 * $0 }
        #expect(squares == (0..<1000).map { $0 * $0 })
        let runs = Array(0..<5000).parallelMap(
            reusing: { $0 }, { index, item, run in run.contains(index) && item == index })
        #expect(runs.allSatisfy { $0 }, "each item is given the run it is in")
    }

    @Test func theResultsOfAParallelMapAreFreedWithTheArray() {
        // Before, each result stayed retained by a buffer freed without its elements: a build of 100,000 pages
        // kept every page's front matter and render result to its end (82 MB never freed).
        let alive = LiveCount()
        do {
            let results = Array(0..<3000).parallelMap { Tracked($0, alive) }
            #expect(results.map(\.value) == Array(0..<3000))
            #expect(alive.count == 3000)
        }
        #expect(alive.count == 0, "results still alive after their array")
    }
}

private final class LiveCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int { lock.withLock { value } }
    func add(_ delta: Int) { lock.withLock { value += delta } }
}

private final class Tracked: Sendable {
    let value: Int
    let alive: LiveCount
    init(_ value: Int, _ alive: LiveCount) {
        self.value = value
        self.alive = alive
        alive.add(1)
    }
    deinit { alive.add(-1) }
}
