import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Publishes a small update so that the output goes from the old site to the new one in one step.
///
/// One changed file is renamed over the old one: a rename is atomic. Several are placed into a copy of the
/// smallest existing folder that holds them all — made of hard links, so it costs one link per file and no
/// copying — and that copy is swapped with the folder. An edit to one page of a site with its pages in
/// folders touches one small folder, not the whole output.
struct OutputPatch {
    let target: String
    /// Beside the output, where the copy of the folder is made (the next build removes a leftover one).
    let staging: String
    /// Where the old folder goes when the kernel cannot exchange two folders.
    let aside: String
    /// `folio serve`'s copy of the whole output, kept between its rebuilds (see `OutputStandby`); nil in `folio build`.
    var standby: OutputStandby? = nil
    /// The whole output's copy, begun while the build ran (`folio build`), if it was.
    var earlyCopy: OutputEarlyCopy? = nil
    /// How the folders beside the output begin (`…/.Public.folio-`).
    var prefix = ""

    func publish(_ pending: PendingFiles) throws {
        let files = pending.files
        let removed = pending.removed
        defer { rmdir(pending.folder) }
        // The whole output's copy begun while the build ran, when it is whole and of the output as it is now; let go
        // of unless the update turns out to need it.
        var early = earlyCopy?.syncing == false ? earlyCopy!.take() : false
        // The kept copy being brought in line with the output, if that began: done before the copy is touched again.
        let synced = earlyCopy?.syncing == true && earlyCopy!.hasBegun ? earlyCopy!.take() : nil
        func dropEarlyCopy() {
            if early { FileOperations.removeInBackground(staging) }
            early = false
        }
        if files.isEmpty && removed.isEmpty { return dropEarlyCopy() }
        if removed.isEmpty, files.count == 1, let only = files.first,
            FileSystem.isDirectory(target + "/" + SitePath.directory(of: only.path))
        {
            dropEarlyCopy()
            try FileOperations.rename(only.file, target + "/" + only.path)
            if synced == false { standby?.discard() }
            standby?.follow([only.path], removing: [], in: target)
            return
        }
        var common = Self.commonFolder(files.map(\.path) + removed)
        while !common.isEmpty && !FileSystem.isDirectory(target + "/" + common) {
            common = SitePath.directory(of: common)
        }
        let folder = common.isEmpty ? target : target + "/" + common
        // The whole output's copy, when the update needs one and a build kept it; one kept by another process mirrors
        // the output once it has been brought in line with it.
        var kept = common.isEmpty ? standby?.take(for: target) : nil
        if let copy = kept, let check = earlyCopy, check.syncing, !(synced ?? check.takeMakingIt()) {
            FileOperations.removeInBackground(copy)
            kept = nil
        }
        if !common.isEmpty { dropEarlyCopy() }
        let copy = kept ?? staging
        if kept == nil && !early { try FileOperations.linkTree(from: folder, to: copy) }
        var made: Set<String> = [""]
        func make(_ directory: String) throws {
            guard made.insert(directory).inserted else { return }
            try make(SitePath.directory(of: directory))
            if !FileSystem.isDirectory(copy + "/" + directory) {
                try FileOperations.makeDirectory(copy + "/" + directory)
            }
        }
        for (path, file) in files {
            let relative = common.isEmpty ? path : String(path.dropFirst(common.count + 1))
            try make(SitePath.directory(of: relative))
            // A rename over a hard link replaces the name in the copy; the old folder keeps its own.
            try FileOperations.rename(file, copy + "/" + relative)
        }
        for path in removed {
            let relative = common.isEmpty ? path : String(path.dropFirst(common.count + 1))
            if unlink(copy + "/" + relative) != 0 && errno != ENOENT {
                throw FileError("remove", copy + "/" + relative)
            }
        }
        if let standby, common.isEmpty, FileOperations.exchange(copy, folder) {
            // `copy` holds the old output now: brought up to date, it is the next rebuild's copy.
            standby.keep(copy, of: target, updating: files.map(\.path), removing: removed, prefix: prefix)
            return
        }
        try FileOperations.swap(copy, into: folder, aside: aside)
        if synced == false { standby?.discard() }
        if common.isEmpty {
            standby?.discard()
        } else {
            standby?.follow(files.map(\.path), removing: removed, in: target)
        }
    }

    /// The longest folder path that every path lies in ("" for the root).
    static func commonFolder(_ paths: [String]) -> String {
        var common = paths.first.map { SitePath.directory(of: $0).split(separator: "/").map(String.init) } ?? []
        for path in paths.dropFirst() {
            let parts = SitePath.directory(of: path).split(separator: "/").map(String.init)
            var count = 0
            while count < min(common.count, parts.count) && common[count] == parts[count] { count += 1 }
            common.removeLast(common.count - count)
        }
        return common.joined(separator: "/")
    }
}

/// The files a small update has written to its pending folder, to publish at the end.
final class PendingFiles: @unchecked Sendable {
    let folder: String
    private let lock = NSLock()
    private var written: [String: String] = [:]

    init(folder: String) {
        self.folder = folder
    }

    /// The pending file for `path` (numbered: the folder is flat).
    func add(_ path: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let file = written[path] { return file }
        let file = folder + "/" + String(written.count)
        written[path] = file
        return file
    }

    /// Output paths of the previous output's files the update removes, in path order.
    var removed: [String] {
        lock.withLock { removals.sorted() }
    }

    func remove(_ path: String) {
        lock.withLock { _ = removals.insert(path) }
    }

    private var removals: Set<String> = []

    /// Output path → pending file, in path order.
    var files: [(path: String, file: String)] {
        lock.lock()
        defer { lock.unlock() }
        return written.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
