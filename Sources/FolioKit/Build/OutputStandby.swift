import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A spare copy of the output, kept from one build to the next: `folio serve`'s between its rebuilds, `folio build`'s
/// in the build cache's folder between processes (see `persisted`).
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

    /// Where `folio build` keeps its copy between processes: a folder beside the build cache, and a record that says
    /// which output the copy mirrors and as which build cache described it.
    private struct Persistence {
        var folder: String
        var record: String
        var cache: String
    }

    private let lock = NSLock()
    private var kept: Copy?
    private var generation = 0
    private let persistence: Persistence?

    init() { persistence = nil }

    private init(persistence: Persistence) { self.persistence = persistence }

    /// `folio build`'s copy of the output `target`, as the last build of it left it beside its build cache
    /// (`cache`): given back only when its record names this output folder (device and inode) and this very cache
    /// file, which every build that changes the output writes anew — the copy then mirrors the output that cache
    /// describes, which is what an update of the output starts from. The record is removed as it is read: a build
    /// stopped before `persist()` leaves no record, and the next build removes the copy. The copy lives in the cache
    /// folder, so it needs the output on the same file system (else no copy is kept).
    ///
    /// While a build has it, the copy is named with the build's process id (`output-<key>.copy-<pid>`): another build
    /// of the same output running meanwhile neither takes it nor removes it as left over.
    static func persisted(cache: String, target: String) -> OutputStandby {
        // `.folio-cache/build-<key>.json` → `.folio-cache/output-<key>.copy`, removed with the cache's other files.
        let directory = SitePath.directory(of: cache)
        var key = cache.dropFirst(directory.count + 1)
        if key.hasPrefix("build-") { key = key.dropFirst(6) }
        if key.hasSuffix(".json") { key = key.dropLast(5) }
        let folder = directory + "/output-" + key + ".copy"
        let standby = OutputStandby(
            persistence: Persistence(folder: folder, record: directory + "/output-" + key + ".record", cache: cache))
        standby.load(target: OutputSafety.located(target))
        return standby
    }

    /// This process's name for the copy while it has it.
    private var ownName: String? { persistence.map { $0.folder + "-\(getpid())" } }

    private func load(target: String) {
        guard let persistence, let ownName else { return }
        let text = FileManager.default.contents(atPath: persistence.record).map { String(decoding: $0, as: UTF8.self) }
        unlink(persistence.record)
        Self.removeAbandoned(beside: persistence.folder)
        let lines = text?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        if lines.count == 4, lines[0] == target, let identity = FileSystem.identity(of: target),
            lines[1] == Self.line(identity), let stamp = Self.stamp(of: persistence.cache),
            lines[2] == Self.line(stamp),
            lines[3].isEmpty, FileSystem.isDirectory(persistence.folder),
            rename(persistence.folder, ownName) == 0
        {
            kept = Copy(path: ownName, target: target, identity: identity)
        } else if FileManager.default.fileExists(atPath: persistence.folder) {
            FileOperations.removeInBackground(persistence.folder)
        }
    }

    /// Writes the record of the copy kept, once the build has saved its cache: the next `folio build` of this output
    /// takes the copy back (see `persisted`). Nothing for `folio serve`'s copy.
    func persist() {
        lock.lock()
        defer { lock.unlock() }
        guard let persistence, let copy = kept else { return }
        guard let identity = FileSystem.identity(of: copy.target), identity == copy.identity,
            let stamp = Self.stamp(of: persistence.cache)
        else {
            kept = nil
            return FileOperations.removeInBackground(copy.path)
        }
        // Under the name the next build looks for, then the record that lets it take the copy.
        guard rename(copy.path, persistence.folder) == 0 else {
            kept = nil
            return FileOperations.removeInBackground(copy.path)
        }
        kept?.path = persistence.folder
        let record = copy.target + "\n" + Self.line(identity) + "\n" + Self.line(stamp) + "\n"
        _ = Array(record.utf8).withUnsafeBytes { CacheFolder.write($0, to: persistence.record, checksum: false) }
    }

    /// The build cache file as it was written: a new file at each write (a temporary renamed over the old one).
    private static func stamp(of file: String) -> [Int]? {
        var info = stat()
        guard stat(file, &info) == 0 else { return nil }
        return [
            Int(info.st_dev), Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec),
            Int(info.st_mtim.tv_nsec),
        ]
    }

    private static func line(_ numbers: [Int]) -> String { numbers.map(String.init).joined(separator: " ") }

    /// Removes the copies that stopped builds had (`….copy-<pid>`) and what their removals left
    /// (`….copy.removing-N-pid`); those of builds still running are theirs.
    private static func removeAbandoned(beside folder: String) {
        let parent = SitePath.directory(of: folder)
        let name = String(folder.dropFirst(parent.count + 1))
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        where entry.hasPrefix(name + "-") || entry.hasPrefix(name + FileOperations.removingMark) {
            if WriterProcess.isAnotherRunning(endingAfter: "-", in: entry) { continue }
            FileOperations.removeInBackground(parent + "/" + entry)
        }
    }

    /// Whether the copy is `folio build`'s, kept between processes (the output may have changed meanwhile).
    var isPersisted: Bool { persistence != nil }

    /// The copy kept of `target`, to read from without taking it: what a patch's files are compared with.
    func copyPath(for target: String) -> String? {
        lock.withLock { kept?.target == target ? kept?.path : nil }
    }

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
            Self.remove(removed, from: tree)
        else {
            return FileOperations.removeInBackground(tree)
        }
        var path = tree
        if let ownName {
            if path != ownName {
                guard (try? FileOperations.rename(tree, ownName)) != nil else {
                    return FileOperations.removeInBackground(tree)
                }
                path = ownName
            }
        } else if !path.hasPrefix(prefix + "standby-") {
            // Each copy under a name of its own: a removal still running in the background never meets a new one.
            generation += 1
            path = prefix + "standby-\(generation)-\(getpid())"
            guard (try? FileOperations.rename(tree, path)) != nil else {
                return FileOperations.removeInBackground(tree)
            }
        }
        kept = Copy(path: path, target: target, identity: identity)
    }

    /// The update of `files` (output paths) and `removed` was published into `target` without the copy (a file
    /// renamed over its old one, a folder swapped): the copy follows, its files linked to the new ones; it is
    /// dropped when that fails.
    func follow(_ files: [String], removing removed: [String], in target: String) {
        lock.lock()
        defer { lock.unlock() }
        guard let copy = kept else { return }
        if copy.target == target, FileSystem.identity(of: target) == copy.identity,
            Self.link(files, from: target, into: copy.path),
            Self.remove(removed, from: copy.path)
        {
            return
        }
        kept = nil
        FileOperations.removeInBackground(copy.path)
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
            guard folders(of: file, in: tree, making: true) else { return false }
            let destination = tree + "/" + file
            if unlink(destination) != 0, errno != ENOENT { return false }
            if !FileOperations.link(target + "/" + file, destination) { return false }
        }
        return true
    }

    /// Removes each of `paths` from `tree`.
    private static func remove(_ paths: [String], from tree: String) -> Bool {
        paths.allSatisfy { path in
            folders(of: path, in: tree, making: false) && (Glibc.unlink(tree + "/" + path) == 0 || errno == ENOENT)
        }
    }

    /// Whether every folder on the way to `path` in `tree` is a folder (with `making`, made where missing): false at
    /// a symbolic link put into the output by hand — followed, a removal or a link meant for the copy would reach a
    /// file elsewhere, the output's own among them.
    private static func folders(of path: String, in tree: String, making: Bool) -> Bool {
        var folder = tree
        for part in SitePath.directory(of: path).split(separator: "/") {
            folder += "/" + part
            var info = stat()
            if lstat(folder, &info) != 0 {
                if errno == ENOENT && !making { return true }
                guard errno == ENOENT, mkdir(folder, 0o755) == 0 else { return false }
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        return true
    }
}
