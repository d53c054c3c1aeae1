import FolioKit
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Watches folders (Content/ and Templates/) and reports what changed, a burst at a time.
///
/// Linux inotify, recursive (new folders are watched as they appear); where inotify is not
/// available, a scan of modification times. Events are collected until `quietPeriod` passes
/// without another one, so an editor's save (a temporary file, a rename, a chmod) or a
/// `git checkout` gives one batch. Runs on its own thread: the blocking calls stay off
/// Swift's cooperative pool.
final class SiteWatcher: @unchecked Sendable {
    enum Mode: Sendable { case inotify, polling }

    /// Batches of changed paths (files or folders; absolute).
    let changes: AsyncStream<Set<String>>
    let roots: [String]
    private let continuation: AsyncStream<Set<String>>.Continuation
    private let ignored: [String]
    private let quietPeriod: Int32
    private let pollInterval: Double
    private let lock = NSLock()
    private var stopped = false
    private var started = false
    private let requestedMode: Mode
    private var pollingFallback = false
    /// How the watcher watches: inotify unless it was not asked for or is unavailable.
    var mode: Mode { lock.withLock { pollingFallback ? .polling : requestedMode } }
    private var watchingSince: UInt64?
    private var lostTrack = false
    /// Roots that are gone (deleted, or moved away) until they are back, when they are watched again.
    private var missingRoots: Set<String> = []
    /// Since when (`DispatchTime`'s uptime nanoseconds) every change below the roots has been reported: from the
    /// moment inotify watched every folder; nil while it does not (it polls, a folder could not be watched, or a
    /// root is gone). A batch of changes lost by the kernel (its queue overflowed) is reported as the roots
    /// themselves.
    var completeSince: UInt64? { lock.withLock { lostTrack || !missingRoots.isEmpty ? nil : watchingSince } }

    /// - Parameters:
    ///   - roots: folders to watch; missing ones are skipped.
    ///   - ignoring: folders whose changes do not count (the output folder, if it lies inside a root).
    init(
        roots: [String], ignoring: [String] = [], mode: Mode = .inotify, quietPeriodMS: Int32 = 50,
        pollInterval: Double = 0.25
    ) {
        self.roots = roots.map(Self.absolute)
        self.ignored = ignoring.map(Self.absolute)
        self.requestedMode = mode
        self.quietPeriod = quietPeriodMS
        self.pollInterval = pollInterval
        (changes, continuation) = AsyncStream.makeStream(of: Set<String>.self)
    }

    func start() {
        lock.withLock {
            guard !started else { return }
            started = true
            let thread = Thread { [self] in
                if requestedMode == .inotify, watchWithInotify() { return }
                lock.withLock { pollingFallback = true }
                watchByPolling()
            }
            thread.name = "folio serve: watcher"
            thread.start()
        }
    }

    /// Ends the stream; the thread notices within a poll interval and closes its descriptor.
    func stop() {
        lock.withLock { stopped = true }
        continuation.finish()
    }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Hidden names (editor swap files, the build's staging folder) and backups do not count, as no build lists them
    /// (`IgnoredNames`).
    func counts(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? Substring(path)
        if IgnoredNames.contains(name) { return false }
        return !ignored.contains { path == $0 || path.hasPrefix($0 + "/") }
    }

    // MARK: inotify

    private static let mask = UInt32(
        IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// False when inotify cannot be used (then the caller polls).
    private func watchWithInotify() -> Bool {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var folders: [Int32: String] = [:]

        func watchTree(_ folder: String) -> Bool {
            let wd = inotify_add_watch(fd, folder, Self.mask)
            guard wd >= 0 else {
                // Out of watches, say: its changes go unseen from now on. A folder already gone is no loss.
                if errno != ENOENT && errno != ENOTDIR { lock.withLock { lostTrack = true } }
                return false
            }
            folders[wd] = folder
            for sub in Self.subfolders(of: folder) where counts(sub) { _ = watchTree(sub) }
            return true
        }
        // A root not there yet (a theme folder not begun) is looked for, and reported as a change when it comes: it
        // holds no page, so nothing is missed meanwhile and the watcher stays complete.
        var awaited: [String] = []
        for root in roots {
            guard FileManager.default.fileExists(atPath: root) else {
                awaited.append(root)
                continue
            }
            guard watchTree(root) else { return false }  // e.g. out of watches: poll instead
        }
        lock.withLock { watchingSince = DispatchTime.now().uptimeNanoseconds }

        /// A root deleted or moved away: its folders' watches are let go of, and it is looked for until it is back
        /// (a `git checkout`, a restore from a backup, `mv Content.new Content`).
        func lose(_ root: String) {
            for (wd, watched) in folders where watched == root || watched.hasPrefix(root + "/") {
                inotify_rm_watch(fd, wd)
                folders[wd] = nil
            }
            lock.withLock { _ = missingRoots.insert(root) }
        }
        /// The roots that are back, watched again; each counts as changed, so the rebuild looks at everything.
        func watchReturnedRoots() -> [String] {
            let missing = lock.withLock { missingRoots }
            var returned: [String] = []
            for root in missing.sorted() where FileSystem.isDirectory(root) && watchTree(root) {
                lock.withLock {
                    missingRoots.remove(root)
                    watchingSince = DispatchTime.now().uptimeNanoseconds
                }
                returned.append(root)
            }
            return returned
        }

        var pending = Set<String>()
        var firstPending = DispatchTime.now()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, pending.isEmpty ? 200 : quietPeriod)
            if !awaited.isEmpty {
                for root in awaited where FileSystem.isDirectory(root) && watchTree(root) {
                    awaited.removeAll { $0 == root }
                    if pending.isEmpty { firstPending = DispatchTime.now() }
                    pending.insert(root)
                }
            }
            if lock.withLock({ !missingRoots.isEmpty }) {
                let returned = watchReturnedRoots()
                if !returned.isEmpty {
                    if pending.isEmpty { firstPending = DispatchTime.now() }
                    pending.formUnion(returned)
                }
            }
            let waitedTooLong =
                !pending.isEmpty
                && DispatchTime.now().uptimeNanoseconds - firstPending.uptimeNanoseconds > 1_000_000_000
            if ready == 0 || waitedTooLong {
                if !pending.isEmpty { continuation.yield(pending) }
                pending = []
                if ready == 0 { continue }
            }
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { continue }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw -> (Int32, UInt32, Int) in
                    let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    return (event.wd, event.mask, Int(event.len))
                }
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let name = String(decoding: buffer[nameStart..<nameStart + length].prefix { $0 != 0 }, as: UTF8.self)
                offset = nameStart + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Changes were lost: each root counts as changed, which makes the rebuild look at everything.
                    if pending.isEmpty { firstPending = DispatchTime.now() }
                    pending.formUnion(roots)
                    continue
                }
                if mask & UInt32(IN_IGNORED | IN_MOVE_SELF) != 0 {
                    // A root no longer watched (deleted) or moved away: watched again once it is back. Another
                    // folder's watch ends with it (its parent reported it gone); one moved is handled as its parent
                    // reports it.
                    if let folder = folders[wd], roots.contains(folder) {
                        lose(folder)
                        if pending.isEmpty { firstPending = DispatchTime.now() }
                        pending.insert(folder)
                    } else if mask & UInt32(IN_IGNORED) != 0 {
                        folders[wd] = nil
                    }
                    continue
                }
                guard let folder = folders[wd], !name.isEmpty else { continue }
                let path = folder + "/" + name
                guard counts(path) else { continue }
                if mask & UInt32(IN_ISDIR) != 0 {
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { _ = watchTree(path) }
                    if mask & UInt32(IN_MOVED_FROM) != 0 {  // its watches now point elsewhere
                        for (wd, watched) in folders where watched == path || watched.hasPrefix(path + "/") {
                            inotify_rm_watch(fd, wd)
                            folders[wd] = nil
                        }
                    }
                }
                if pending.isEmpty { firstPending = DispatchTime.now() }
                pending.insert(path)
            }
        }
        return true
    }

    private static func subfolders(of folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().map { folder + "/" + $0 }.filter { path in
            var info = stat()
            return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
    }

    // MARK: polling

    private struct Stamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
    }

    private func watchByPolling() {
        var last = snapshot()
        while !isStopped {
            Thread.sleep(forTimeInterval: pollInterval)
            let now = snapshot()
            guard now != last else { continue }
            let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }
            last = now
            if !changed.isEmpty { continuation.yield(changed) }
        }
    }

    /// Every file and folder below the roots with its modification time and size.
    private func snapshot() -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        func scan(_ folder: String) {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let path = folder + "/" + name
                var info = stat()
                guard counts(path), lstat(path, &info) == 0 else { continue }
                stamps[path] = Stamp(
                    seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec, size: Int64(info.st_size))
                if info.st_mode & S_IFMT == S_IFDIR { scan(path) }
            }
        }
        for root in roots { scan(root) }
        return stamps
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
