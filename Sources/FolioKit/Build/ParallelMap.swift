import Dispatch

extension Array where Element: Sendable {
    /// Maps on every core, keeping order. Work items are independent pages, so nothing is shared but the input.
    func parallelMap<T>(_ transform: @Sendable (Element) -> T) -> [T] {
        parallelMap(reusing: {}, { element, _ in transform(element) })
    }

    /// `parallelMap`, handing each call the workspace of the worker making it: `makeWorkspace` runs once per run of
    /// elements a worker takes, and the workspace goes to each of them in turn (never to two at once).
    func parallelMap<T, Workspace>(
        reusing makeWorkspace: @Sendable () -> Workspace, _ transform: @Sendable (Element, Workspace) -> T
    ) -> [T] {
        guard count > 1 else {
            let workspace = makeWorkspace()
            return map { transform($0, workspace) }
        }
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        let box = UnsafeSendable(results)
        let input = self
        let chunk = Swift.max(1, count / (ProcessInfoCores.count * 8))
        let chunks = (count + chunk - 1) / chunk
        DispatchQueue.concurrentPerform(iterations: chunks) { part in
            let start = part * chunk
            let workspace = makeWorkspace()
            for index in start..<Swift.min(start + chunk, input.count) {
                box.value[index] = transform(input[index], workspace)
            }
        }
        return results.map { $0! }
    }
}

/// Runs two independent steps at once, one a core, and returns both results (the caller waits for both).
func concurrently<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let a = UnsafeMutablePointer<A>.allocate(capacity: 1)
    let b = UnsafeMutablePointer<B>.allocate(capacity: 1)
    defer {
        a.deinitialize(count: 1).deallocate()
        b.deinitialize(count: 1).deallocate()
    }
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            let steps = UnsafeSendable((first, second, a, b))
            DispatchQueue.concurrentPerform(iterations: 2) { step in
                if step == 0 {
                    steps.value.2.initialize(to: steps.value.0())
                } else {
                    steps.value.3.initialize(to: steps.value.1())
                }
            }
        }
    }
    return (a.pointee, b.pointee)
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
