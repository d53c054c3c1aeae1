import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `folio serve`'s spare copy of its output, kept from one rebuild to the next.
///
/// An edit to one page updates files in several folders (the page's, the search index's), so `OutputPatch` places
/// them into a hard-linked copy of the whole output and swaps that in: on a site of 10,000 pages, a folder and a link
/// per page, the largest part of a rebuild. After the swap the old tree is such a copy but for the files the update
/// changed: they are linked into it too, and it waits for the next edit, a mirror of the output, instead of being
/// removed. It is used only while nothing but this process has swapped another output in since.
final class OutputStandby: @unchecked Sendable {
    private struct Copy {
        var path: String
        var target: String
        /// The output folder's device and inode when the copy mirrored it.
        var identity: [Int]
    }

    private let lock = NSLock()
    private var kept: Copy?
    private var generation = 0

    init() {}

    /// The copy of `target`, for the caller to place an update into; nil when there is none or it no longer mirrors
    /// `target` (then it is removed).
    func take(for target: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard let copy = kept else { return nil }
        kept = nil
        if copy.target == target, FileSystem.identity(of: target) == copy.identity, FileSystem.isDirectory(copy.path) {
            return copy.path
        }
        FileOperations.removeInBackground(copy.path)
        return nil
    }

    /// Keeps `tree`, the output's old folder just swapped out by an update of `files` (output paths) that removed
    /// `removed`, as the next copy of `target`: the update's files are linked into it from `target` first, and the
    /// removed ones removed. Nothing is kept when that fails.
    /// `prefix` is where a build names its folders beside the output (`…/.Public.folio-`): the copy is one of them,
    /// so that what a stopped `folio serve` leaves is removed by the next build.
    func keep(
        _ tree: String, of target: String, updating files: [String], removing removed: [String] = [], prefix: String
    ) {
        lock.lock()
        defer { lock.unlock() }
        if let copy = kept { FileOperations.removeInBackground(copy.path) }
        kept = nil
        guard let identity = FileSystem.identity(of: target), Self.link(files, from: target, into: tree),
            removed.allSatisfy({ unlink(tree + "/" + $0) == 0 || errno == ENOENT })
        else {
            return FileOperations.removeInBackground(tree)
        }
        var path = tree
        if !path.hasPrefix(prefix + "standby-") {
            // Each copy under a name of its own: a removal still running in the background never meets a new one.
            generation += 1
            path = prefix + "standby-\(generation)-\(getpid())"
            guard (try? FileOperations.rename(tree, path)) != nil else {
                return FileOperations.removeInBackground(tree)
            }
        }
        kept = Copy(path: path, target: target, identity: identity)
    }

    /// Forgets the copy (the output was swapped in whole, or changed without it), removing it in the background.
    func discard() {
        lock.lock()
        defer { lock.unlock() }
        if let copy = kept { FileOperations.removeInBackground(copy.path) }
        kept = nil
    }

    /// Whether `path` is the copy kept: a build's clean-up of what stopped builds left leaves it.
    func owns(_ path: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return kept?.path == path
    }

    /// Replaces each of `files` in `tree` by a hard link to the file in `target`.
    private static func link(_ files: [String], from target: String, into tree: String) -> Bool {
        for file in files {
            let destination = tree + "/" + file
            var directories: [String] = []
            var directory = SitePath.directory(of: file)
            while !directory.isEmpty, !FileSystem.isDirectory(tree + "/" + directory) {
                directories.append(directory)
                directory = SitePath.directory(of: directory)
            }
            for directory in directories.reversed() where mkdir(tree + "/" + directory, 0o755) != 0 { return false }
            if unlink(destination) != 0, errno != ENOENT { return false }
            if !FileOperations.link(target + "/" + file, destination) { return false }
        }
        return true
    }
}
