import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A build is written beside the output folder, then swapped in at once, so `Public/` is never half-written.
struct OutputDirectory: Sendable {
    let target: String
    let staging: String
    private let parent: String
    private let stagingPrefix: String
    /// In place: files are written to a hidden folder beside the output and renamed over their final
    /// names at `publish()` (small incremental builds).
    private let pending: PendingRenames?
    /// `folio check`: everything is produced and nothing written.
    private let discards: Bool

    /// An output that writes nothing: what `folio check` renders goes nowhere.
    static func discarding(target: String) -> OutputDirectory {
        OutputDirectory(target: target, inPlace: false, discards: true)
    }

    /// An output updated in place: only what is written changes, each file replaced by one atomic rename.
    static func inPlace(target: String) -> OutputDirectory {
        OutputDirectory(target: target, inPlace: true)
    }

    init(target: String) {
        self.init(target: target, inPlace: false)
    }

    private init(target: String, inPlace: Bool, discards: Bool = false) {
        self.discards = discards
        var target = target
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        self.target = target
        let url = URL(fileURLWithPath: target)
        parent = url.deletingLastPathComponent().path
        stagingPrefix = "." + url.lastPathComponent + ".folio-"
        staging = inPlace ? target : parent + "/" + stagingPrefix + "staging-\(getpid())"
        // Beside the output, not inside it: what an interrupted update leaves is never published,
        // and the next build's `prepare()` removes it with the rest.
        pending = inPlace ? PendingRenames(folder: parent + "/" + stagingPrefix + "pending-\(getpid())") : nil
    }

    /// Where a file is written: its own path when staging, a numbered file in the pending folder when in place.
    private func destination(_ path: String) -> String {
        guard let pending else { return staging + "/" + path }
        return pending.add(path)
    }

    /// Clears what an interrupted build left behind and makes an empty staging (or pending) folder.
    func prepare() throws {
        if discards { return }
        let manager = FileManager.default
        try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(stagingPrefix) {
            try? manager.removeItem(atPath: parent + "/" + name)
        }
        try manager.createDirectory(atPath: pending?.folder ?? staging, withIntermediateDirectories: true)
    }

    var isInPlace: Bool { pending != nil }

    /// Creates every folder the files need, once, before the parallel writes.
    func makeDirectories(for paths: [String]) throws {
        if discards { return }
        var made: Set<String> = [""]
        // Parents before children, one mkdir each: Foundation's recursive create stats every component.
        func make(_ directory: String) throws {
            guard made.insert(directory).inserted else { return }
            try make(SitePath.directory(of: directory))
            if mkdir(staging + "/" + directory, 0o755) != 0 && errno != EEXIST {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: staging + "/" + directory])
            }
        }
        for path in paths { try make(SitePath.directory(of: path)) }
    }

    func write(_ bytes: some Collection<UInt8>, to path: String) -> Bool {
        if discards { return true }
        let file = destination(path)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let written = bytes.withContiguousStorageIfAvailable { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count <= 0 { return false }
                offset += count
            }
            return true
        }
        return written ?? write(Array(bytes), to: path)
    }

    func write(_ text: String, to path: String) -> Bool {
        var text = text
        return text.withUTF8 { write($0, to: path) }
    }

    /// Hard-links a file of the previous output into the staging folder: no copy, no new inode.
    func link(from existing: String, to path: String) -> Bool {
        if pending != nil || discards { return true }  // in place, the previous file simply stays
        return Glibc.link(existing, staging + "/" + path) == 0
    }

    func copy(from source: String, to path: String) -> Bool {
        if discards { return FileManager.default.isReadableFile(atPath: source) }
        let file = destination(path)
        try? FileManager.default.removeItem(atPath: file)
        return (try? FileManager.default.copyItem(atPath: source, toPath: file)) != nil
    }

    /// Swaps the staging folder in: one atomic exchange where the kernel offers it.
    func publish() throws {
        if discards { return }
        if let pending {
            // Everything is written; the renames follow one another with nothing in between.
            for (path, file) in pending.files where rename(file, target + "/" + path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: target + "/" + path])
            }
            rmdir(pending.folder)
            return
        }
        let manager = FileManager.default
        if manager.fileExists(atPath: target) {
            if Self.exchange(staging, target) {
                Self.removeInBackground(staging)
                return
            }
            let old = parent + "/" + stagingPrefix + "old-\(getpid())"
            try manager.moveItem(atPath: target, toPath: old)
            try manager.moveItem(atPath: staging, toPath: target)
            try? manager.removeItem(atPath: old)
        } else {
            try manager.moveItem(atPath: staging, toPath: target)
        }
    }

    /// Deleting thousands of files is slow on some file systems; the build's result does not wait for it.
    /// What is left if folio exits first is removed by the next build's `prepare()`.
    private static func removeInBackground(_ path: String) {
        while waitpid(-1, nil, WNOHANG) > 0 {}  // reap earlier removals (folio serve builds many times)
        var pid: pid_t = 0
        let arguments = ["rm", "-rf", "--", path]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        if posix_spawn(&pid, "/bin/rm", nil, nil, &argv, environ) != 0 {
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    func discard() {
        if discards { return }
        if let pending {
            try? FileManager.default.removeItem(atPath: pending.folder)
            return
        }
        try? FileManager.default.removeItem(atPath: staging)
    }

    /// `renameat2(RENAME_EXCHANGE)`, looked up at run time: Swift's Glibc module does not export it.
    private static func exchange(_ first: String, _ second: String) -> Bool {
        #if os(Linux)
        typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
        guard let symbol = dlsym(nil, "renameat2") else { return false }  // nil is RTLD_DEFAULT on glibc
        let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
        let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0
        #else
        return false
        #endif
    }
}

/// The files an in-place update has written to its pending folder, to rename over their final names at publish.
final class PendingRenames: @unchecked Sendable {
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

    /// Output path → pending file, in path order.
    var files: [(path: String, file: String)] {
        lock.lock()
        defer { lock.unlock() }
        return written.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
