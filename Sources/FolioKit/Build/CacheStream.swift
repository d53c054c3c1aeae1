import Foundation

/// A cache file written a piece at a time while a build runs, by any of its threads: into this process's temporary
/// beside `path`, which `finish()` ends with its checksum line and renames over the last build's file. Left
/// unfinished (the build stopped or failed), the temporary is removed and the last build's file stays as it was.
/// A write that fails (the disk full) stops the stream and removes the last build's file too (`CacheFolder.failed`).
final class CacheStream: @unchecked Sendable {
    private let path: String
    private let temporary: String
    private var file: UnsafeMutablePointer<FILE>?
    private var checksum = CacheChecksum()
    private let lock = NSLock()

    init?(path: String) {
        self.path = path
        guard let (temporary, file) = CacheFolder.openTemporary(for: path, mode: "w") else { return nil }
        self.temporary = temporary
        self.file = file
    }

    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        checksum.add(bytes)
        write(bytes)
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// The file is complete: its checksum line ends it, and it replaces the previous one.
    func finish() {
        lock.lock()
        defer { lock.unlock() }
        checksum.line.withUnsafeBufferPointer { write($0) }
        close(keep: true)
    }

    /// Writes `bytes` to the file, under the lock; a write that fails stops the stream.
    private func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let file, !bytes.isEmpty, fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count else { return }
        let reason = errno
        fclose(file)
        self.file = nil
        unlink(temporary)
        CacheFolder.failed(path, reason: reason)
    }

    /// Closes the file; `keep`: it is meant to replace the last build's (when it cannot — a write failed,
    /// the disk is full — the last build's is removed: it no longer goes with the cache's other files).
    private func close(keep: Bool) {
        guard let open = file else { return }
        file = nil
        if fclose(open) == 0, keep, rename(temporary, path) == 0 { return }
        let reason = errno
        unlink(temporary)
        if keep { CacheFolder.failed(path, reason: reason) }
    }

    deinit { close(keep: false) }
}
