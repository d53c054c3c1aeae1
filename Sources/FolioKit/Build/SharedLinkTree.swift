import Foundation

/// A hard-linked copy of a folder (as `FileOperations.linkTree` makes it) as a list of folders to make and files to
/// link that any thread can take work from: `OutputEarlyCopy` begins it on a thread of its own beside a build's
/// stages, and the thread that needs the copy helps finish it instead of waiting. An edit's build in a site of
/// 10,000 pages reached its output's publication with a third of the copy's links still to make on one core, the
/// other idle.
final class SharedLinkTree: @unchecked Sendable {
    private struct Item {
        var from: String
        var to: String
        var isDirectory: Bool
    }

    private let lock = NSCondition()
    /// What is left to link; a folder's entries are added once it is made, so they are never linked before it.
    private var items: [Item]
    /// Items taken and not finished: their folders' entries may still come.
    private var working = 0
    private var failure: FileError?

    init(from source: String, to destination: String) {
        items = [Item(from: source, to: destination, isDirectory: true)]
    }

    /// Makes folders and links files until the whole copy is made, by this thread and any other working on it, or
    /// one of them failed (then every one of them throws that first failure).
    func work() throws(FileError) {
        while let batch = next() {
            var entries: [Item] = []
            var problem: FileError?
            do throws(FileError) {
                for item in batch {
                    if item.isDirectory {
                        try FileOperations.makeDirectory(item.to)
                        for entry in try FileOperations.entries(of: item.from) {
                            entries.append(
                                Item(
                                    from: item.from + "/" + entry.name, to: item.to + "/" + entry.name,
                                    isDirectory: entry.isDirectory))
                        }
                    } else if !FileOperations.link(item.from, item.to) {
                        throw FileError("link \(item.from) to", item.to)
                    }
                }
            } catch {
                problem = error
            }
            lock.withLock {
                items += entries
                working -= 1
                if failure == nil { failure = problem }
                // Only a thread waiting for more work, or for the end, needs to hear of it.
                if !entries.isEmpty || working == 0 || problem != nil { lock.broadcast() }
            }
        }
        if let failure = lock.withLock({ failure }) { throw failure }
    }

    /// A few items at a time (a lock taken per link was a tenth of the copy's time with two threads on it), taken;
    /// nil once there is none left and none being worked on (or the copy failed).
    private func next() -> [Item]? {
        lock.withLock {
            while items.isEmpty && working > 0 && failure == nil { lock.wait() }
            guard failure == nil, !items.isEmpty else { return nil }
            // Copied out, so that `items` stays the only owner of its storage (else the next append copies it all).
            let batch = Array(items.suffix(Self.batch))
            items.removeLast(batch.count)
            working += 1
            return batch
        }
    }

    private static let batch = 16
}
