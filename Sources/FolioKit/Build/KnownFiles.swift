#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a watcher of the content folder saw change since the last build read it: `folio serve` hands each batch of
/// its watcher's changes to its session, and the next read looks again at those files only (`KnownFiles`).
public struct WatchedChanges: Sendable, Equatable {
    /// The files and folders that changed, as paths below the content folder (`guide/setup.md`; "" for the folder
    /// itself, when the watcher lost count of its changes).
    public var paths: Set<String>
    /// Since when (`DispatchTime`'s uptime nanoseconds) the watcher has seen every change below the content folder:
    /// nil while it does not (it polls, or a folder could not be watched).
    public var completeSince: UInt64?

    public init(paths: Set<String>, completeSince: UInt64?) {
        self.paths = paths
        self.completeSince = completeSince
    }

    /// Both batches, as one.
    func merged(with later: WatchedChanges) -> WatchedChanges {
        WatchedChanges(
            paths: paths.union(later.paths),
            completeSince: completeSince == nil || later.completeSince == nil ? nil : later.completeSince)
    }
}

/// The content folder's files as a read found them: the pages and static files listed, and each one's fingerprint.
///
/// A `folio serve` rebuild starts from the last read's files instead of walking the folder and asking for every
/// file's size and time again (10,000 system calls on a site of 10,000 pages), when its watcher saw every change
/// since that read began and each change is an edit of a file that read listed. Anything else — a file added,
/// deleted or moved, a folder, `site.yml`, a `_` file, a watcher that polls or lost count — makes the read walk the
/// folder again. A listing that met a symbolic link is never kept: a link's target can change where no watcher looks.
struct KnownFiles: Sendable {
    var root: String
    var markdownFiles: [String]
    var staticFiles: [String]
    /// Every page's and static file's fingerprint, by path below the content folder.
    var fingerprints: [String: FileFingerprint]
    /// When the read that found them began (`DispatchTime`'s uptime nanoseconds).
    var readStart: UInt64

    /// The files that changed, when these known files stand for all the others; nil when the folder must be read
    /// again.
    func changed(_ watched: WatchedChanges?, root: String) -> Set<String>? {
        guard let watched, let since = watched.completeSince, since <= readStart, root == self.root else {
            return nil
        }
        for path in watched.paths {
            // Listed before, and a file still (not a folder or a link now).
            guard fingerprints[path] != nil else { return nil }
            var info = stat()
            guard lstat(root + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        }
        return watched.paths
    }
}
