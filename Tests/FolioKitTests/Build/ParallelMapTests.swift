import Foundation
import Testing

@testable import FolioKit

/// The build's two ways of using every core: `parallelMap` over pages, and `concurrently` for two steps at once
/// (the site's publication beside the search index, the caches saved side by side).
@Suite struct ParallelMapTests {
    /// The threads that ran the items of a `parallelMap` of 64 items that each take a moment.
    static func threadsOfAParallelMap() -> Int {
        let threads = (0..<64).map { $0 }.parallelMap { _ -> UInt in
            usleep(2000)
            return UInt(pthread_self())
        }
        return Set(threads).count
    }

    @Test func bothStepsRunAndEachGivesItsResult() {
        let (first, second) = concurrently({ (1...100).reduce(0, +) }, { "second" })
        #expect(first == 5050)
        #expect(second == "second")
    }

    @Test func aParallelMapInsideEitherStepStillUsesEveryCore() {
        // libdispatch shares the cores out among nested applies: were the steps two iterations of one, a
        // `parallelMap` inside either would run on one core (the search index's shards were encoded so).
        // Other tests may keep the process's worker threads busy for a while: the most threads of three tries.
        let cores = min(ProcessInfoCores.count, 2)
        var most = (first: 0, second: 0)
        for _ in 0..<3 where min(most.first, most.second) < cores {
            let (first, second) = concurrently(Self.threadsOfAParallelMap, Self.threadsOfAParallelMap)
            most = (max(most.first, first), max(most.second, second))
        }
        #expect(most.first >= cores)
        #expect(most.second >= cores)
    }

    @Test func aParallelMapKeepsTheOrderOfItsItems() {
        let squares = (0..<1000).map { $0 }.parallelMap { $0 * $0 }
        #expect(squares == (0..<1000).map { $0 * $0 })
    }
}
