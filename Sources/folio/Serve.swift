import ArgumentParser
import Dispatch
import FolioKit
import FolioPreview

extension Folio {
    struct Serve: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Builds the site, serves it, and rebuilds and reloads open pages on every change.")

        @Option(help: "The address to listen on; only this computer can connect unless you change it.") var host =
            "127.0.0.1"
        @Option(help: "The port to listen on; 0 picks a free one.") var port = 8080
        @Option(help: "The content folder.") var content = "Content"
        @Option(help: "The theme folder; the built-in default theme fills in what it lacks.") var templates: String?
        @Option(help: "The output folder that is built and served.") var output = "Public"
        @Flag(help: "Include pages with 'draft: true'.") var drafts = false
        @Option(help: "Seconds a new connection has to send its request header in.") var headerTimeout = 5.0
        @Option(help: "Seconds an open connection may wait for its next request (live-reload streams excepted).")
        var idleTimeout = 15.0
        @Option(help: "Connections served at once; more wait until one closes.") var maxConnections = 256
        @Flag(help: "Replace an output folder that Folio did not make (never one that holds or is a source).")
        var force = false

        mutating func validate() throws {
            output = OutputSafety.named(output)
            guard FileSystem.isDirectory(content) else {
                throw ValidationError("no content folder at '\(content)'; pass --content DIR")
            }
            if let templates, !FileSystem.isDirectory(templates) {
                throw ValidationError("no templates folder at '\(templates)'")
            }
            guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
            guard headerTimeout > 0, headerTimeout <= Self.longestTimeout, idleTimeout > 0,
                idleTimeout <= Self.longestTimeout
            else {
                throw ValidationError("time-outs must be more than 0 seconds and at most a day (86400)")
            }
            guard maxConnections > 0 else { throw ValidationError("--max-connections must be at least 1") }
            if let refusal = OutputSafety.check(
                output: output, content: content, templates: templatesDirectory, force: force)
            {
                throw ValidationError(refusal.description)
            }
        }

        /// A day, in seconds: the longest time-out (an infinite one would not fit the server's clock).
        static let longestTimeout = 86_400.0

        /// ./Templates is used when it exists; otherwise the default theme alone.
        var templatesDirectory: String? { templates ?? (FileSystem.isDirectory("Templates") ? "Templates" : nil) }

        func run() throws {
            var configuration = PreviewServer.Configuration()
            configuration.build.contentDirectory = content
            configuration.build.templatesDirectory = templatesDirectory
            // Without --templates, a ./Templates made while the preview runs is the theme from then on.
            if templates == nil { configuration.themeFolderWhenPresent = "Templates" }
            // Served from as written to: `Nope/../Site` has no folder to go through.
            configuration.build.outputDirectory = OutputSafety.located(output)
            configuration.build.includeDrafts = drafts
            configuration.host = host
            configuration.port = port
            configuration.limits.headerTimeout = .milliseconds(Int64(headerTimeout * 1000))
            configuration.limits.idleTimeout = .milliseconds(Int64(idleTimeout * 1000))
            configuration.limits.maxConnections = maxConnections

            // The root command runs synchronously; the server runs on Swift's concurrency pool meanwhile.
            let server = PreviewServer(configuration)
            let finished = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var failure: (any Error)?
            Task {
                do { try await server.run() } catch { failure = error }
                finished.signal()
            }
            finished.wait()
            if let failure {
                printError("error: cannot serve on \(host):\(port): \(failure)")
                throw ExitCode(1)
            }
        }
    }
}
