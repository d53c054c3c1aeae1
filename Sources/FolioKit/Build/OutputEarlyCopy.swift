import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The whole output's hard-linked copy for a patch (see `OutputPatch`), begun on a thread of its own as soon as a
/// `folio build` knows it publishes one that needs it — an edit changes a page and the search index, which share
/// only the output's root — so that the copy is made beside the build's stages that leave a core idle (the link
/// facts read in, the search index laid out) rather than after them all. On a site of 10,000 pages the copy is a
/// folder and a link per page; what is left of it when the build needs it is finished on both cores
/// (`SharedLinkTree`). With `syncing`, the copy exists already (`folio build`'s kept copy) and is brought in line
/// with the output instead (`OutputMirror`): most often by reading it.
final class OutputEarlyCopy: @unchecked Sendable {
    let source: String
    let destination: String
    let syncing: Bool
    private let finished = NSCondition()
    private var started = false
    private var done = false
    private var failed = false
    /// The output folder's device, inode and change time when the copy began.
    private var identity: [Int]?

    /// The copy's folders and links, which the thread that takes the copy helps make (not when `syncing`).
    private let linking: SharedLinkTree

    init(of source: String, at destination: String, syncing: Bool = false) {
        self.source = source
        self.destination = destination
        self.syncing = syncing
        linking = SharedLinkTree(from: source, to: destination)
    }

    var hasBegun: Bool { finished.withLock { started } }

    /// Begins the copy on another thread (once).
    func start() {
        finished.lock()
        defer { finished.unlock() }
        guard !started else { return }
        started = true
        identity = Self.identity(of: source)
        // One core's work: beside the pages' workers, it takes the core they leave idle.
        Thread.detachNewThread { [self] in run() }
    }

    private func run() {
        let made =
            syncing
            ? OutputMirror.sync(destination, with: source)
            : (try? linking.work()) != nil
        finished.lock()
        failed = !made
        done = true
        finished.broadcast()
        finished.unlock()
    }

    /// `take()`, the copy made (or brought in line) on this thread first if it has not begun.
    func takeMakingIt() -> Bool {
        finished.lock()
        let begun = started
        if !begun {
            started = true
            identity = Self.identity(of: source)
        }
        finished.unlock()
        if !begun { run() }
        return take()
    }

    /// Waits for the copy: true when it is whole and the output folder is the one it began from, unchanged at its
    /// top (nothing swapped another output in, nor added or removed a file there, since); else false, and the copy
    /// is removed (a kept copy being brought in line is left to its keeper). False when it never began.
    func take() -> Bool {
        // The links still to make, made on this thread too rather than waited for.
        if !syncing, hasBegun { try? linking.work() }
        guard wait() else { return false }
        if !failed, let identity, Self.identity(of: source) == identity { return true }
        if !syncing { FileOperations.removeInBackground(destination) }
        return false
    }

    /// Waits for the copy, if it began; whether it did.
    @discardableResult
    func wait() -> Bool {
        finished.lock()
        defer { finished.unlock() }
        guard started else { return false }
        while !done { finished.wait() }
        return true
    }

    private static func identity(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [
            Int(info.st_dev), Int(info.st_ino), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec),
            Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec),
        ]
    }
}
