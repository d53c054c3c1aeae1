import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The file-system steps of publishing an output, each one counted by `CrashPoint` for the kill tests.
enum FileOperations {
    /// `renameat2(RENAME_EXCHANGE)`, looked up at run time: Swift's Glibc module does not export it.
    static func exchange(_ first: String, _ second: String) -> Bool {
        CrashPoint.step()
        #if os(Linux)
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(nil, "renameat2") else { return false }  // nil is RTLD_DEFAULT on glibc
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
            return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0
        #else
            return false
        #endif
    }

    /// Puts the folder `replacement` where `folder` is, in one step where the kernel offers it; `replacement`
    /// then holds the old folder, which is removed without waiting for it.
    static func swap(_ replacement: String, into folder: String, aside: String) throws {
        if exchange(replacement, folder) {
            removeInBackground(replacement)
            return
        }
        // Without an atomic exchange: the old folder moves aside, then the new one in — two renames, nothing between.
        let manager = FileManager.default
        CrashPoint.step()
        try manager.moveItem(atPath: folder, toPath: aside)
        CrashPoint.step()
        try manager.moveItem(atPath: replacement, toPath: folder)
        removeInBackground(aside)
    }

    static func rename(_ from: String, _ to: String) throws(FileError) {
        CrashPoint.step()
        if Glibc.rename(from, to) != 0 { throw FileError("move \(from) to", to) }
    }

    static func makeDirectory(_ path: String) throws(FileError) {
        CrashPoint.step()
        if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileError("create the folder", path) }
    }

    /// Writes a new file (or replaces one).
    static func write(_ bytes: some Collection<UInt8>, to file: String) throws(FileError) {
        CrashPoint.step()
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileError("write", file) }
        defer { close(descriptor) }
        let failure = bytes.withContiguousStorageIfAvailable { buffer -> FileError? in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                // A write of 0 bytes sets no errno: a full device is the usual cause.
                if count <= 0 { return FileError("write", file, code: count < 0 ? errno : ENOSPC) }
                offset += count
            }
            return nil
        }
        switch failure {
        case .none: try write(Array(bytes), to: file)  // not contiguous: written from a copy
        case .some(.some(let failure)): throw failure
        case .some(.none): return
        }
    }

    /// Whether the file at `path` holds exactly `bytes` (false when it cannot be read, or is no regular file).
    static func sameBytes(_ path: String, _ bytes: some Collection<UInt8>) -> Bool {
        // Opened without waiting: a named pipe put in the output in place of a page held the build until a program
        // wrote to it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) == bytes.count
        else { return false }
        let same = bytes.withContiguousStorageIfAvailable { expected -> Bool in
            var existing = [UInt8](repeating: 0, count: expected.count)
            var offset = 0
            while offset < existing.count {
                let count = existing.withUnsafeMutableBytes {
                    read(descriptor, $0.baseAddress! + offset, $0.count - offset)
                }
                if count <= 0 { return false }
                offset += count
            }
            return existing.elementsEqual(expected)
        }
        return same ?? sameBytes(path, Array(bytes))
    }

    /// Copies the bytes of `source` (through any symbolic link) into a new file `destination`.
    static func copy(_ source: String, to destination: String) throws(FileError) {
        CrashPoint.step()
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw FileError("read", source) }
        defer { close(input) }
        unlink(destination)
        let output = open(destination, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw FileError("write", destination) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if count == 0 { return }
            if count < 0 { throw FileError("read", source) }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { Glibc.write(output, $0.baseAddress! + offset, count - offset) }
                if written <= 0 { throw FileError("write", destination, code: written < 0 ? errno : ENOSPC) }
                offset += written
            }
        }
    }

    static func link(_ existing: String, _ new: String) -> Bool {
        CrashPoint.step()
        return Glibc.link(existing, new) == 0
    }

    /// A copy of the folder `source` at `destination` made of hard links: new folders, the same files.
    /// Its subfolders are copied on every core: on a site of 10,000 pages, one folder each, this is most of the work.
    /// (`SharedLinkTree` makes the same copy on a thread of its own that others can help.)
    static func linkTree(from source: String, to destination: String) throws(FileError) {
        try makeDirectory(destination)
        let failed = try entries(of: source).parallelMap { entry -> FileError? in
            do throws(FileError) {
                try linkEntry(entry, from: source, to: destination)
                return nil
            } catch {
                return error
            }
        }
        if let failure = failed.lazy.compactMap({ $0 }).first { throw failure }
    }

    struct Entry: Sendable {
        var name: String
        var isDirectory: Bool
    }

    private static func linkEntry(_ entry: Entry, from source: String, to destination: String) throws(FileError) {
        let from = source + "/" + entry.name
        let to = destination + "/" + entry.name
        if entry.isDirectory {
            try makeDirectory(to)
            for child in try entries(of: from) { try linkEntry(child, from: from, to: to) }
        } else if !link(from, to) {
            throw FileError("link \(from) to", to)
        }
    }

    /// The names in `folder`, and which are folders (a `stat` only where `readdir` does not say).
    static func entries(of folder: String) throws(FileError) -> [Entry] {
        let listed = try DirectoryEntries.read(folder)
        var entries: [Entry] = []
        for entry in listed {
            var type = entry.type
            if type == Int32(DT_UNKNOWN) {
                var info = stat()
                guard lstat(folder + "/" + entry.name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
            }
            entries.append(Entry(name: entry.name, isDirectory: type == Int32(DT_DIR)))
        }
        return entries
    }

    /// Deleting thousands of files is slow on some file systems; the build's result does not wait for it.
    /// What is left if folio exits first is removed by the next build's `prepare()`.
    ///
    /// The folder is first renamed to a name of its own (`removingMark`, a number, this process's id), so that the
    /// removal never meets a folder made at `path` meanwhile: `folio serve`'s next rebuild makes its staging folder
    /// under the name the last one's old output is being removed from.
    static func removeInBackground(_ path: String) {
        while waitpid(-1, nil, WNOHANG) > 0 {}  // reap earlier removals (folio serve builds many times)
        let removed = path + removingMark + "\(removals.next())-\(getpid())"
        let target = Glibc.rename(path, removed) == 0 ? removed : path
        if spawnDetached("/bin/rm", ["rm", "-rf", "--", target]) == nil {
            try? FileManager.default.removeItem(atPath: target)
        }
    }

    /// Starts `executable` with `arguments` (the first its name), its standard input, output and error on
    /// `/dev/null`: a process that outlives folio holds none of its caller's pipes. (A removal holding them made
    /// `folio build | jq`, or a script reading the build's report, wait for an old output's deletion: 0.2 s of an
    /// edit's build on 10,000 pages.)
    static func spawnDetached(_ executable: String, _ arguments: [String]) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return nil }
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            let mode = descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY
            guard posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", mode, 0) == 0 else { return nil }
        }
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        return posix_spawn(&pid, executable, &actions, nil, &argv, environ) == 0 ? pid : nil
    }

    /// In the name of a folder this process is removing in the background (see `removeInBackground`).
    static let removingMark = ".removing-"

    private static let removals = CrashPoint.Counter()
}

/// A test-only hook: with `FOLIO_TEST_KILL_AT=N` in the environment, folio kills itself with SIGKILL just before
/// its Nth file operation on the output, so tests can stop a build at every point and look at what it left.
enum CrashPoint {
    private static let limit: Int? = ProcessInfo.processInfo.environment["FOLIO_TEST_KILL_AT"].flatMap { Int($0) }
    private static let counter = Counter()

    static func step() {
        guard let limit else { return }
        if counter.next() >= limit { kill(getpid(), SIGKILL) }
    }

    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0

        func next() -> Int {
            lock.lock()
            defer { lock.unlock() }
            count += 1
            return count
        }
    }
}
