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

    init(target: String) {
        var target = target
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        self.target = target
        let url = URL(fileURLWithPath: target)
        parent = url.deletingLastPathComponent().path
        stagingPrefix = "." + url.lastPathComponent + ".folio-"
        staging = parent + "/" + stagingPrefix + "staging-\(getpid())"
    }

    /// Clears what an interrupted build left behind and makes an empty staging folder.
    func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
        for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? [] where name.hasPrefix(stagingPrefix) {
            try? manager.removeItem(atPath: parent + "/" + name)
        }
        try manager.createDirectory(atPath: staging, withIntermediateDirectories: true)
    }

    /// Creates every folder the files need, once, before the parallel writes.
    func makeDirectories(for paths: [String]) throws {
        var made: Set<String> = []
        for path in paths {
            let directory = SitePath.directory(of: path)
            guard !directory.isEmpty, made.insert(directory).inserted else { continue }
            try FileManager.default.createDirectory(atPath: staging + "/" + directory, withIntermediateDirectories: true)
        }
    }

    func write(_ bytes: some Collection<UInt8>, to path: String) -> Bool {
        let file = staging + "/" + path
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
        Glibc.link(existing, staging + "/" + path) == 0
    }

    func copy(from source: String, to path: String) -> Bool {
        (try? FileManager.default.copyItem(atPath: source, toPath: staging + "/" + path)) != nil
    }

    /// Swaps the staging folder in: one atomic exchange where the kernel offers it.
    func publish() throws {
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
