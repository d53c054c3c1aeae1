import Dispatch
import Foundation

extension Array where Element: Sendable {
    /// Maps on every core, keeping order. Work items are independent pages, so nothing is shared but the input.
    func parallelMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
        parallelMap(reusing: { _ in }, { _, element, _ in transform(element) })
    }

    /// `parallelMap`, handing each call the workspace of the worker making it: `makeWorkspace` runs once per run of
    /// elements a worker takes (the run's indices), and the workspace goes to each of them in turn, in order, with
    /// the element's index (never to two at once), then to `finish` once the run is done.
    func parallelMap<T, Workspace>(
        reusing makeWorkspace: @Sendable (Range<Int>) -> Workspace,
        finishing finish: @Sendable (Workspace) -> Void = { _ in },
        _ transform: @Sendable (Int, Element, Workspace) -> T
    ) -> [T] {
        guard count > 1 else {
            let workspace = makeWorkspace(indices)
            defer { finish(workspace) }
            return indices.map { transform($0, self[$0], workspace) }
        }
        let input = self
        let runs = Self.runs(count: count, cores: ProcessInfoCores.count)
        // Each result is made in its place in the array, not in a buffer of optionals copied out at the end (which
        // held every result twice during the copy, and was freed without releasing them).
        return [T](unsafeUninitializedCapacity: count) { buffer, initializedCount in
            let results = UnsafeSendable(buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: runs.count) { part in
                let run = runs[part]
                let workspace = makeWorkspace(run)
                for index in run {
                    (results.value + index).initialize(to: transform(index, input[index], workspace))
                }
                finish(workspace)
            }
            initializedCount = count  // `runs` covers every index once
        }
    }

    /// The runs of `count` elements the workers take, in order, each as it is free: an eighth of a core's share
    /// while much is left (a run's workspace is made once, and a worker reading ahead starts each run empty), then
    /// half of a core's share of what is left, down to `smallest`, so that the cores finish together. With equal
    /// runs of a sixteenth, a 10,000-page render left one of two cores idle for up to a run's time (0.4 s) at its end.
    static func runs(count: Int, cores: Int, smallest: Int = 16) -> [Range<Int>] {
        let largest = Swift.max(1, count / (cores * 8))
        var runs: [Range<Int>] = []
        var start = 0
        while start < count {
            let left = count - start
            let size = Swift.min(left, Swift.max(Swift.min(smallest, largest), Swift.min(largest, left / (cores * 2))))
            runs.append(start..<start + size)
            start += size
        }
        return runs
    }
}

/// Runs two independent steps at once and returns both results (the caller waits for both): the first on the
/// caller's thread, the second on a thread of its own. Not as two iterations of `concurrentPerform`: libdispatch
/// shares the cores out among nested applies, so a step's own `parallelMap` would then run on one core.
func concurrently<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    withoutActuallyEscaping(second) { second in
        let step = SecondStep(second)
        let thread = Thread {
            ConcurrentSteps.markThisThread()
            step.run()
        }
        thread.stackSize = 8 << 20  // as the main thread's: a step may go as deep as it would there
        thread.start()
        let a = first()
        return (a, step.result())
    }
}

/// The threads `concurrently` makes for its second steps, marked so that a test can tell one from the caller's
/// thread and from libdispatch's.
enum ConcurrentSteps {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    fileprivate static func markThisThread() { pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1)) }

    /// Whether the calling thread is one `concurrently` made for a second step.
    static var onAStepThread: Bool { pthread_getspecific(key) != nil }
}

/// The step `concurrently` runs on another thread: it lets go of the step's closure before it says it is done, so
/// that the closure has not escaped when `concurrently` returns.
private final class SecondStep<B>: @unchecked Sendable {
    private var work: (() -> B)?
    private var value: B?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping () -> B) { self.work = work }

    func run() {
        value = work?()
        work = nil
        done.signal()
    }

    /// Waits for the step, then gives its result.
    func result() -> B {
        done.wait()
        return value!
    }
}

private struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

enum ProcessInfoCores {
    static let count: Int = {
        #if canImport(Glibc)
            return Swift.max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #else
            return 4
        #endif
    }()
}

#if canImport(Glibc)
    import Glibc
#endif
