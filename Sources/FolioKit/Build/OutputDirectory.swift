import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a build writes: never into the output folder itself, so a reader or a crash sees the old site or the new one.
///
/// A whole build is written into a staging folder beside the output and swapped in at once. A small update (a few
/// edited pages) writes its files to a pending folder beside the output, then `OutputPatch` publishes them: one
/// changed file by one rename, several by a hard-linked copy of the smallest folder holding them, swapped in at once.
struct OutputDirectory: Sendable {
    let target: String
    let staging: String
    private let parent: String
    private let stagingPrefix: String
    /// Small updates: the files written so far, waiting in a pending folder to be published.
    private let pending: PendingFiles?
    /// `folio check`: everything is produced and nothing written.
    private let discards: Bool
    /// A copy of the whole output kept between builds for the next update (see `OutputStandby`).
    private let standby: OutputStandby?
    /// The kept copy of the output that a patch may be placed into (see `OutputStandby`): a file is left out of the
    /// patch only when it is already so in both.
    private let copy: String?
    /// A patch's copy of the whole output, made while the build runs when `startCopy()` is called.
    private let earlyCopy: OutputEarlyCopy?

    /// An output that writes nothing: what `folio check` renders goes nowhere.
    static func discarding(target: String) -> OutputDirectory {
        OutputDirectory(target: target, patch: false, discards: true)
    }

    /// An update of a few files of an existing output (it must hold the `.folio-output` mark); `standby` is the
    /// copy of the output kept since the last build, if there is one.
    static func patch(target: String, standby: OutputStandby? = nil) -> OutputDirectory {
        OutputDirectory(target: target, patch: true, standby: standby)
    }

    /// A whole output, built beside the old one and swapped in (which makes `standby`'s copy of it useless).
    init(target: String, standby: OutputStandby? = nil) {
        self.init(target: target, patch: false, standby: standby)
    }

    private init(target: String, patch: Bool, discards: Bool = false, standby: OutputStandby? = nil) {
        self.discards = discards
        self.standby = standby
        let target = OutputSafety.located(target)
        self.target = target
        let url = URL(fileURLWithPath: target)
        parent = url.deletingLastPathComponent().path
        stagingPrefix = "." + url.lastPathComponent + ".folio-"
        // Beside the output, not inside it: what an interrupted build leaves is never published,
        // and the next build's `prepare()` removes it with the rest.
        staging = parent + "/" + stagingPrefix + "staging-\(getpid())"
        pending = patch ? PendingFiles(folder: parent + "/" + stagingPrefix + "pending-\(getpid())") : nil
        let copy = patch ? standby?.copyPath(for: target) : nil
        self.copy = copy
        if !patch {
            earlyCopy = nil
        } else if let copy {
            // A copy kept by another process is brought in line with the output before it is used.
            earlyCopy = standby?.isPersisted == true ? OutputEarlyCopy(of: target, at: copy, syncing: true) : nil
        } else {
            earlyCopy = OutputEarlyCopy(of: target, at: staging)
        }
    }

    /// Begins the whole output's copy for the patch now, on another thread (see `OutputEarlyCopy`), or the kept
    /// copy's check against the output: for an update that is likely to need it. Nothing for a whole build, or in
    /// `folio serve`, whose copy mirrors the output it alone writes. `prepare()` leaves the copy alone.
    func startCopy() {
        earlyCopy?.start()
    }

    /// Clears what an interrupted build left behind and makes an empty staging (or pending) folder. The folders of
    /// another build of this output still running (a second `folio build`, `folio serve`) are its own: kept.
    func prepare() throws {
        if discards { return }
        let manager = FileManager.default
        try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(stagingPrefix) {
            if WriterProcess.isAnotherRunning(endingAfter: "-", in: name) { continue }
            // This process's own removal, still running: left to it.
            if name.contains(FileOperations.removingMark), WriterProcess.id(endingAfter: "-", in: name) == getpid() {
                continue
            }
            if standby?.owns(parent + "/" + name) == true { continue }
            if earlyCopy?.hasBegun == true && parent + "/" + name == staging { continue }
            CrashPoint.step()
            try? manager.removeItem(atPath: parent + "/" + name)
        }
        if let pending {
            try FileOperations.makeDirectory(pending.folder)
        } else {
            try FileOperations.makeDirectory(staging)
            try FileOperations.write(OutputSafety.markerText.utf8, to: staging + "/" + OutputSafety.markerName)
        }
    }

    var isPatch: Bool { pending != nil }

    /// Creates every folder the files need, once, before the parallel writes (a patch's pending folder is flat: the
    /// paths are then not even listed).
    func makeDirectories(for paths: @autoclosure () -> [OutputPath]) throws {
        guard pending == nil, !discards else { return }
        var made: Set<String> = [""]
        // Parents before children, one mkdir each: Foundation's recursive create stats every component.
        func make(_ directory: String) throws {
            guard made.insert(directory).inserted else { return }
            try make(SitePath.directory(of: directory))
            try FileOperations.makeDirectory(staging + "/" + directory)
        }
        for path in paths() { try make(path.directory) }
    }

    /// Writes the file at `path`; the error says why not, with the system's reason.
    func write(_ bytes: some Collection<UInt8>, to path: OutputPath) throws(FileError) {
        if discards { return }
        guard let pending else { return try FileOperations.write(bytes, to: path.inside(staging)) }
        // A file that comes out as it already is is not part of the update.
        if FileOperations.sameBytes(path.inside(target), bytes),
            copy.map({ FileOperations.sameBytes(path.inside($0), bytes) }) ?? true
        {
            return
        }
        try FileOperations.write(bytes, to: pending.add(path.relative))
    }

    func write(_ text: String, to path: OutputPath) throws(FileError) {
        var text = text
        let failure = text.withUTF8 { bytes -> FileError? in
            do throws(FileError) {
                try write(bytes, to: path)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// `write`, with a failure reported as an error at `displayPath` (the page or file the output comes from);
    /// false when it failed.
    @discardableResult
    func write(
        _ text: some Collection<UInt8>, to path: OutputPath, for displayPath: String, diagnostics: inout Diagnostics
    ) -> Bool {
        do {
            try write(text, to: path)
            return true
        } catch {
            diagnostics.report(OutputWriteFailures.error(path, reason: error.reason, at: displayPath))
            return false
        }
    }

    @discardableResult
    func write(_ text: String, to path: OutputPath, for displayPath: String, diagnostics: inout Diagnostics) -> Bool {
        var text = text
        return text.withUTF8 { write($0, to: path, for: displayPath, diagnostics: &diagnostics) }
    }

    /// Hard-links the file at `path` of the previous output (`previous`) into the staging folder: no copy, no new
    /// inode. False when there is no such file. A patch leaves the file where it is: false when it is no longer
    /// there (deleted from the output behind the build's back, or from the kept copy), so that it is made again.
    func link(_ path: OutputPath, from previous: String) -> Bool {
        guard pending != nil else { return reuse(path, from: previous) }
        func exists(in folder: String) -> Bool { faccessat(AT_FDCWD, path.inside(folder), F_OK, 0) == 0 }
        return exists(in: target) && (copy.map(exists) ?? true)
    }

    /// `link`, without the patch's look for the file: for a reused page's files, which the plan looked for
    /// (`RenderPlan.missingOutputs`), and those too many to look for at every rebuild (a page's search record and
    /// model). `newPath`: the file moves (a search record file whose page moved in the site's order).
    func reuse(_ path: OutputPath, from previous: String, as newPath: OutputPath? = nil) -> Bool {
        if pending != nil || discards { return true }  // in a patch, the previous file simply stays
        return FileOperations.link(path.inside(previous), (newPath ?? path).inside(staging))
    }

    /// Removes the previous output's file at `path` with the update (a whole output is built without it anyway).
    func remove(_ path: OutputPath) {
        pending?.remove(path.relative)
    }

    /// Copies a source file's bytes (never a link to it: the output must not share a file with the sources).
    func copy(from source: String, to path: OutputPath) throws(FileError) {
        if discards {
            if access(source, R_OK) != 0 { throw FileError("read", source) }
            return
        }
        try FileOperations.copy(source, to: pending?.add(path.relative) ?? path.inside(staging))
    }

    /// Swaps the staging folder in (or publishes the patch): one atomic exchange where the kernel offers it.
    func publish() throws {
        if discards { return }
        if let pending {
            try OutputPatch(
                target: target, staging: staging, aside: parent + "/" + stagingPrefix + "old-\(getpid())",
                standby: standby, earlyCopy: earlyCopy, prefix: parent + "/" + stagingPrefix
            ).publish(pending)
            return
        }
        standby?.discard()
        if FileManager.default.fileExists(atPath: target) {
            try FileOperations.swap(staging, into: target, aside: parent + "/" + stagingPrefix + "old-\(getpid())")
        } else {
            try FileOperations.rename(staging, target)
        }
    }

    func discard() {
        if discards { return }
        earlyCopy?.wait()
        if let pending { try? FileManager.default.removeItem(atPath: pending.folder) }
        try? FileManager.default.removeItem(atPath: staging)
    }
}
