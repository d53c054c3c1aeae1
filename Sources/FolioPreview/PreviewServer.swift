import FolioKit
import Foundation
import Hummingbird
import HummingbirdCore
import ServiceLifecycle

/// `folio serve`: builds the site, serves the output folder, rebuilds on every change under
/// Content/ and Templates/, and reloads the open pages.
public struct PreviewServer: Sendable {
    public struct Configuration: Sendable {
        public var build = SiteBuilder.Options()
        public var host = "127.0.0.1"
        /// 0 picks a free port.
        public var port = 8080
        public var console = Console.standard
        public var limits = ConnectionLimits()
        /// A theme folder to use once it exists, when `build.templatesDirectory` is nil (see `Rebuilder`).
        public var themeFolderWhenPresent: String?

        public init() {}
    }

    let configuration: Configuration
    let reload: LiveReload

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        // Half the connections at most for open pages' event streams: the rest always serve pages.
        reload = LiveReload(maxClients: configuration.limits.maxConnections / 2)
    }

    /// Builds, then serves until SIGINT or SIGTERM. Throws when the address cannot be bound.
    public func run() async throws {
        let console = configuration.console
        let options = configuration.build
        let themeFolder = options.templatesDirectory == nil ? configuration.themeFolderWhenPresent : nil
        let rebuilder = Rebuilder(
            options: options, themeFolderWhenPresent: themeFolder, reload: reload, console: console)
        let firstBuild = FirstBuildStop(console: console)
        await rebuilder.buildOnce()
        firstBuild.disarm()

        let host = configuration.host
        var app = Application(
            responder: PreviewResponder(files: StaticFiles(root: options.outputDirectory), reload: reload),
            server: .preview(configuration.limits),
            configuration: .init(
                address: .hostname(host, port: configuration.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(configuration.limits.maxConnections)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                console.print("Serving http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ (Ctrl-C to stop)")
            })
        app.logger.logLevel = .error  // the server's own log lines are not for authors

        let watcher = SiteWatcher(
            roots: [options.contentDirectory] + [options.templatesDirectory ?? themeFolder].compactMap { $0 },
            ignoring: [options.outputDirectory])
        let services: [any Service] = [app, Watching(watcher: watcher, rebuilder: rebuilder, reload: reload)]
        // Shut down in reverse order: first the watcher and the event streams, then the server.
        var groupConfiguration = ServiceGroupConfiguration(
            services: services.map { .init(service: $0) },
            gracefulShutdownSignals: [.sigint, .sigterm],
            cancellationSignals: [],
            logger: app.logger)
        // A client still being answered after this is cut off, so that stopping takes under a second.
        groupConfiguration.maximumGracefulShutdownDuration = .milliseconds(400)
        let group = ServiceGroup(configuration: groupConfiguration)
        // The cache of the last build is on disk before the process exits, so the next
        // `folio build` or `folio serve` starts from it; a cache still being written after
        // a moment is given up (it is written atomically, so the old file stays whole).
        defer { rebuilder.session.flush(waitingAtMost: .milliseconds(300)) }
        try await group.run()
        console.print("Stopped.")
    }

    /// The responder alone, for in-process tests.
    func application(serving output: String) -> some ApplicationProtocol {
        Application(responder: PreviewResponder(files: StaticFiles(root: output), reload: reload))
    }
}

/// Watches the sources and rebuilds; at shutdown stops watching and ends every event stream.
struct Watching: Service {
    let watcher: SiteWatcher
    let rebuilder: Rebuilder
    let reload: LiveReload

    func run() async {
        watcher.start()
        await withGracefulShutdownHandler {
            // A rebuild in progress is not waited for: the process may end while it runs, which
            // leaves the output as an interrupted `folio build` does (the previous site, whole).
            await cancelWhenGracefulShutdown {
                await withTaskGroup(of: Void.self) { group in
                    group.addTask {
                        for await changes in watcher.changes {
                            await rebuilder.rebuild(changedPaths: changes, completeSince: watcher.completeSince)
                        }
                    }
                    group.addTask {  // finds pages that went away, so their streams end
                        while (try? await Task.sleep(for: .seconds(15))) != nil { await reload.ping() }
                    }
                    await group.next()
                    group.cancelAll()
                }
            }
        } onGracefulShutdown: {
            watcher.stop()
        }
        await reload.close()
    }
}
