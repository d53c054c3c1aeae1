import FolioKit
import Foundation

/// Runs the builds of `folio serve`, prints their outcome and tells the open pages.
///
/// Builds run one at a time on their own queue (SiteBuilder spreads the pages over the cores
/// itself), never on Swift's cooperative pool, which the server needs meanwhile.
final class Rebuilder: Sendable {
    let options: SiteBuilder.Options
    /// The theme folder to use from the first build after it appears, when there was none at the start (./Templates
    /// when `--templates` is not given), and the default theme again if it goes: a theme begun while the preview
    /// runs is seen without a restart.
    let themeFolderWhenPresent: String?
    let reload: LiveReload
    let console: Console
    private let queue = DispatchQueue(label: "folio serve: build")
    /// The build cache stays in memory between rebuilds: a one-page edit renders one page.
    let session = BuildSession()

    init(options: SiteBuilder.Options, themeFolderWhenPresent: String? = nil, reload: LiveReload, console: Console) {
        self.options = options
        self.themeFolderWhenPresent = themeFolderWhenPresent
        self.reload = reload
        self.console = console
    }

    /// The first build, reported like `folio build`'s.
    @discardableResult
    func buildOnce() async -> SiteBuilder.Result? {
        guard let result = await build() else { return nil }
        for diagnostic in result.diagnostics { console.error(diagnostic.description) }
        let summary = BuildReport(result: result, output: options.outputDirectory).summaryLine
        if result.published { console.print(summary) } else { console.error(summary) }
        await tellPages(result)
        if result.published { _ = await verifyOutputs() }
        return result
    }

    /// A rebuild after `changedPaths` (files or folders, absolute) changed. `completeSince`: since when the watcher
    /// has seen every change (`SiteWatcher.completeSince`); the rebuild then looks again only at the changed files.
    /// After it is published, every page's file is looked for in the output (`BuildSession.verifyOutputs`), for the
    /// next rebuild not to; a file found missing is made again by a rebuild at once.
    @discardableResult
    func rebuild(changedPaths: Set<String>, completeSince: UInt64? = nil) async -> SiteBuilder.Result? {
        await rebuild(changedPaths: changedPaths, completeSince: completeSince, verifying: true)
    }

    private func rebuild(changedPaths: Set<String>, completeSince: UInt64?, verifying: Bool) async
        -> SiteBuilder.Result?
    {
        let start = DispatchTime.now()
        session.watcherSaw(Self.changes(changedPaths, in: options.contentDirectory, completeSince: completeSince))
        guard let result = await build() else { return nil }
        let ms = Int((Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6).rounded())
        let what = Self.describe(changedPaths)
        for diagnostic in result.diagnostics { console.error(diagnostic.description) }
        if result.published {
            console.print("Rebuilt in \(ms) ms (\(what))")
        } else {
            let errors = result.diagnostics.filter { $0.severity == .error }.count
            let count = errors == 0 ? "warnings under --strict" : "\(errors) error\(errors == 1 ? "" : "s")"
            console.error("Rebuild failed in \(ms) ms (\(what)): \(count); still serving the last good build")
        }
        await tellPages(result)
        if verifying, result.published, await !verifyOutputs() {
            // Deleted from the output behind the preview's back: the rebuild looks for every page's file itself.
            let output = SiteWatcher.absolute(options.outputDirectory)
            return await rebuild(changedPaths: [output], completeSince: completeSince, verifying: false)
        }
        return result
    }

    /// `BuildSession.verifyOutputs`, on the builds' queue: a rebuild that comes meanwhile waits for it (15 ms on a
    /// site of 10,000 pages), never the other way round.
    private func verifyOutputs() async -> Bool {
        await withCheckedContinuation { done in
            queue.async { [session, options] in done.resume(returning: session.verifyOutputs(options.outputDirectory)) }
        }
    }

    /// The session finds what changed from the files themselves (their fingerprints against its cache): every file,
    /// unless the watcher has seen every change since the last read (then those it reported, `KnownFiles`).
    ///
    /// A cancelled wait returns nil at once (the server is stopping); the build itself runs to its end
    /// or until the process exits, which leaves the output as an interrupted `folio build` does.
    private func build() async -> SiteBuilder.Result? {
        var options = self.options
        if let folder = themeFolderWhenPresent, options.templatesDirectory == nil, FileSystem.isDirectory(folder) {
            options.templatesDirectory = folder
        }
        let waiting = BuildWait()
        await reload.setBuilding(true)
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { done in
                waiting.set(done)
                queue.async { [session, options] in waiting.resume(SiteBuilder.build(options, session: session)) }
            }
        } onCancel: {
            waiting.resume(nil)
        }
        await reload.setBuilding(false)
        return result
    }

    private func tellPages(_ result: SiteBuilder.Result) async {
        if result.published {
            await reload.published(pages: result.changedPages)
        } else {
            await reload.failed(result.diagnostics.map(\.description))
        }
    }

    /// The changes below the content folder, as paths below it ("" for the folder itself).
    static func changes(_ paths: Set<String>, in content: String, completeSince: UInt64?) -> WatchedChanges {
        let root = SiteWatcher.absolute(content)
        var below: Set<String> = []
        for path in paths {
            if path == root {
                below.insert("")
            } else if path.hasPrefix(root + "/") {
                below.insert(String(path.dropFirst(root.count + 1)))
            }
        }
        return WatchedChanges(paths: below, completeSince: completeSince)
    }

    /// "1 change: Content/index.md", "3 changes".
    static func describe(_ paths: Set<String>) -> String {
        guard paths.count == 1, let path = paths.first else { return "\(paths.count) changes" }
        let here = FileManager.default.currentDirectoryPath + "/"
        return "1 change: " + (path.hasPrefix(here) ? String(path.dropFirst(here.count)) : path)
    }
}

/// Where `folio serve` talks to the person running it: stdout, and stderr for problems,
/// unbuffered so that lines appear at once even through a pipe.
public struct Console: Sendable {
    public var print: @Sendable (String) -> Void
    public var error: @Sendable (String) -> Void

    public init(print: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.print = print
        self.error = error
    }

    public static let standard = Console(
        print: { emit($0, to: STDOUT_FILENO) },
        error: { emit($0, to: STDERR_FILENO) })

    /// A line to standard output or error at once (a log a test or a terminal follows); a write that fails — a full
    /// disk under a redirected log — is lost, not a crash (`FileHandle.write` traps on one).
    private static func emit(_ line: String, to descriptor: Int32) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    public static let silent = Console(print: { _ in }, error: { _ in })
}
