import Foundation

/// `.folio-cache/`, where a build keeps what the next one reuses. Every file there is written whole or not at all:
/// into a temporary beside it named with the writer's process id, then renamed over it. A build killed meanwhile
/// (Ctrl-C, a CI timeout) leaves its temporary behind; the next build removes the ones whose writer is gone.
enum CacheFolder {
    /// Where this process writes `file` before it renames it into place.
    static func temporary(for file: String) -> String { file + temporaryMark + String(getpid()) }

    /// Opens this process's temporary for `file` (making its folder, `.folio-cache/`, but not the folder that holds
    /// it: a write `folio serve` left waiting never makes a site folder removed meanwhile again): the temporary's path
    /// and the open file, or nil when it cannot be made. The caller renames it over `file` once it is whole, or
    /// removes it.
    static func openTemporary(for file: String, mode: String) -> (path: String, file: UnsafeMutablePointer<FILE>)? {
        mkdir(URL(fileURLWithPath: file).deletingLastPathComponent().path, 0o755)
        let temporary = temporary(for: file)
        guard let handle = fopen(temporary, mode) else { return nil }
        return (temporary, handle)
    }

    /// Writes `bytes` to `file` through a temporary; false (and the last build's removed, see `failed`) when it cannot.
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to file: String, checksum: Bool = true) -> Bool {
        write(to: file, checksum: checksum) { $0(bytes) }
    }

    /// Writes the pieces `contents` gives, in order, to `file` through a temporary (a large file need not be in
    /// memory whole); false (and the last build's removed, see `failed`) when it cannot. `checksum`: the file ends in
    /// its `CacheChecksum` line, which its reader checks.
    @discardableResult
    static func write(
        to file: String, checksum: Bool = true, _ contents: ((UnsafeRawBufferPointer) -> Void) -> Void
    ) -> Bool {
        guard let (temporary, handle) = openTemporary(for: file, mode: "wb") else {
            failed(file, reason: errno)
            return false
        }
        var failure: Int32 = 0
        var sum = CacheChecksum()
        func put(_ piece: UnsafeRawBufferPointer) {
            if failure == 0, !piece.isEmpty, fwrite(piece.baseAddress!, 1, piece.count, handle) != piece.count {
                failure = errno
            }
        }
        contents { piece in
            if checksum { sum.add(piece) }
            put(piece)
        }
        if checksum { sum.line.withUnsafeBytes(put) }
        if fclose(handle) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, file) == 0 { return true }
        unlink(temporary)
        failed(file, reason: failure == 0 ? errno : failure)
        return false
    }

    /// The text of the cache file at `path` without its checksum line, when that line matches (see
    /// `CacheChecksum`); nil when the file is missing, cannot be read whole, or is damaged. Read straight into the
    /// String's own storage: an edit's build reads 30 MB of caches, which a `Data` first and a String made from it
    /// then held and copied twice.
    static func readChecked(_ path: String) -> String? {
        // Not blocked by a named pipe put in the file's place: only a regular file is read.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        var whole = true
        var text = String(unsafeUninitializedCapacity: size) { buffer in
            var done = 0
            while done < size {
                let count = read(descriptor, buffer.baseAddress! + done, size - done)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                done += count
            }
            whole = done == size
            return done
        }
        // Bytes that are not UTF-8 were replaced as the String was made: the checksum then fails.
        guard whole,
            let length = text.withUTF8({ CacheChecksum.checkedLength(UnsafeRawBufferPointer($0)) })
        else { return nil }
        text.unicodeScalars.removeLast(text.utf8.count - length)  // the checksum line, ASCII
        return text
    }

    /// `file` could not be written (the disk full, the folder read-only): the last build's is removed too, as it no
    /// longer goes with the cache's other files — a full disk left the search terms of an edit's last state beside
    /// a build cache of the next, and stale words in the index — and the next build makes it anew. Why is kept
    /// for the build to say (`takeFailures`).
    static func failed(_ file: String, reason: Int32) {
        unlink(file)
        let line =
            "note: could not write the build cache \(file) (\(String(cString: strerror(reason)))); "
            + "the next build does the work it saves again"
        failures.withLock { $0.append(line) }
    }

    /// The cache files this process could not write since the last call, as notes for the build's report.
    static func takeFailures() -> [String] {
        failures.withLock { taken in
            defer { taken = [] }
            return taken
        }
    }

    private static let failures = LockedList()

    /// A list behind a lock: cache files are written from several threads at once.
    private final class LockedList: @unchecked Sendable {
        private var lines: [String] = []
        private let lock = NSLock()

        func withLock<T>(_ body: (inout [String]) -> T) -> T {
            lock.lock()
            defer { lock.unlock() }
            return body(&lines)
        }
    }

    /// Removes the temporaries in `folder` whose writer is no longer running (another build's, still writing,
    /// and this process's own are kept).
    static func removeAbandonedTemporaries(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names {
            guard let writer = WriterProcess.id(endingAfter: temporaryMark, in: name), writer != getpid(),
                !WriterProcess.isRunning(writer)
            else { continue }
            unlink(folder + "/" + name)
        }
    }

    private static let temporaryMark = ".tmp-"

    /// Notes beside the build cache at `path` (`build-<key>.json`) the output folder its files serve
    /// (`build-<key>.output`), so that a later build can remove them once that folder is gone.
    static func noteOutput(_ output: String, ofCache path: String) {
        let note = (path.hasSuffix(".json") ? String(path.dropLast(5)) : path) + outputMark
        let folder = URL(fileURLWithPath: output).standardizedFileURL.path
        if FileManager.default.contents(atPath: note) == Data(folder.utf8) { return }
        _ = Array(folder.utf8).withUnsafeBytes { write($0, to: note, checksum: false) }
    }

    /// Removes every file of each cache whose noted output folder no longer exists: a build into a scratch or
    /// preview folder leaves tens of megabytes that no build would read again (a cache is read only while its
    /// output exists). A cache with no note is kept, and so is what a build still running is writing.
    static func removeCachesOfMissingOutputs(in folder: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for note in names where note.hasPrefix("build-") && note.hasSuffix(outputMark) {
            guard let output = FileManager.default.contents(atPath: folder + "/" + note),
                !output.isEmpty, !FileManager.default.fileExists(atPath: String(decoding: output, as: UTF8.self))
            else { continue }
            let key = "-" + note.dropFirst("build-".count).dropLast(outputMark.count) + "."
            for name in names where name != note && name.contains(key) {
                if WriterProcess.isAnotherRunning(endingAfter: temporaryMark, in: name) { continue }
                // The output's kept copy is a folder (see `OutputStandby.persisted`).
                if unlink(folder + "/" + name) != 0, errno == EISDIR {
                    FileOperations.removeInBackground(folder + "/" + name)
                }
            }
            // Last: a build stopped before this finds the note again and removes the rest.
            unlink(folder + "/" + note)
        }
    }

    private static let outputMark = ".output"
}
