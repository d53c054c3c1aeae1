import Foundation
import Testing

/// `folio serve`'s connection limits, over loopback: idle and slow clients are closed, HTTP/1.0
/// and `Connection: close` end with their response, the connection cap holds, and a signal
/// stops the server at once, even in the middle of a long rebuild. The time-outs are short
/// here (`--idle-timeout`, `--header-timeout`) so that the tests are quick.
@Suite("folio serve: connection limits and stopping", .serialized)
struct ServeConnectionTests {
    @Test func anIdleKeptAliveConnectionIsClosedButTheEventStreamStays() throws {
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--idle-timeout", "0.5", "--header-timeout", "0.5"])
        defer { serve.stop() }
        let events = try LoopbackHTTP.EventStream(port: serve.port)
        _ = try events.next("hello")

        let connection = try RawConnection(port: serve.port)
        try connection.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let first = try connection.response()
        #expect(first.response.status == 200 && first.response.body.contains("The first version of the about page."))
        // Kept alive: a second request on the same connection is answered.
        try connection.send("GET /images/dot.svg HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try connection.response().response.status == 200)
        // Then nothing: the server closes the connection (well before this test's 10 s).
        #expect(connection.closedByServer(within: 10), "an idle connection was kept open")

        // The live-reload stream was idle just as long and is still open: an edit reaches it.
        Thread.sleep(forTimeInterval: 1)
        try serve.write("Content/about.md", "---\ntitle: About\n---\n\nThe second version.\n")
        #expect(try events.next("reload").data.contains("\"build\":2"))
    }

    @Test func aRequestHeaderSentTooSlowlyIsCutOff() throws {
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--header-timeout", "0.5", "--idle-timeout", "30"])
        defer { serve.stop() }
        let header = "GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slow\r\n\r\n"
        let slow = try RawConnection(port: serve.port)
        // One byte every 50 ms: the whole header would take about 3 s.
        let sent = slow.trickle(header, pause: 0.05)
        #expect(sent < header.utf8.count, "the whole slow header was accepted")
        #expect(!slow.anythingReceived(within: 0.2) || slow.closedByServer(within: 1))

        // Everyone else is served as before.
        #expect(try LoopbackHTTP(port: serve.port).get("/about/").status == 200)
        // A connection that sends nothing at all is closed too.
        let silent = try RawConnection(port: serve.port)
        #expect(silent.closedByServer(within: 10), "a silent connection was kept open")
    }

    @Test func anHTTP10RequestGetsItsResponseAndTheConnectionCloses() throws {
        // Long time-outs: a close within this test's few seconds can only be the server honouring HTTP/1.0.
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--idle-timeout", "60", "--header-timeout", "60"])
        defer { serve.stop() }
        let connection = try RawConnection(port: serve.port)
        try connection.send("GET /about/ HTTP/1.0\r\n\r\n")
        let (head, response) = try connection.response(timeout: 5)
        #expect(head.hasPrefix("HTTP/1.0 200"), "\(head)")
        #expect(response.headers["connection"]?.lowercased() == "close", "\(head)")
        #expect(response.body.contains("The first version of the about page."))
        #expect(connection.closedByServer(within: 5), "the HTTP/1.0 connection stayed open")

        // HTTP/1.0 with keep-alive asked for: kept open, with a length, and a second request is answered.
        let kept = try RawConnection(port: serve.port)
        try kept.send("GET /about/ HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        let one = try kept.response(timeout: 5)
        #expect(
            one.response.headers["connection"]?.lowercased() == "keep-alive"
                && one.response.headers["content-length"] != nil,
            "\(one.head)")
        try kept.send("GET /images/dot.svg HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try kept.response(timeout: 5).response.status == 200)
    }

    @Test func connectionCloseClosesTheConnection() throws {
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--idle-timeout", "60", "--header-timeout", "60"])
        defer { serve.stop() }
        for header in ["close", "Close", "keep-alive, close"] {
            let connection = try RawConnection(port: serve.port)
            try connection.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: \(header)\r\n\r\n")
            let (head, response) = try connection.response(timeout: 5)
            #expect(response.status == 200 && response.body.contains("The first version of the about page."))
            #expect(response.headers["connection"]?.lowercased() == "close", "\(header): \(head)")
            #expect(connection.closedByServer(within: 5), "Connection: \(header) left the connection open")
        }
        // Two requests sent at once, the second with `Connection: close`: both are answered, then the connection closes.
        let pipelined = try RawConnection(port: serve.port)
        try pipelined.send(
            "GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                + "GET /images/dot.svg HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        let first = try pipelined.response(timeout: 5)
        #expect(first.response.status == 200 && first.response.headers["connection"] == nil, "\(first.head)")
        let second = try pipelined.response(timeout: 5)
        #expect(
            second.response.status == 200 && second.response.headers["content-type"] == "image/svg+xml",
            "\(second.head)")
        #expect(pipelined.closedByServer(within: 5))
        // A request that cannot be parsed is answered 400 and closed, not left half open.
        let garbage = try RawConnection(port: serve.port)
        try garbage.send("NOT HTTP AT ALL\r\n\r\n")
        #expect(try garbage.response(timeout: 5).response.status == 400)
        #expect(garbage.closedByServer(within: 5), "a malformed request left the connection open")
    }

    @Test func theConnectionCapHolds() throws {
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--max-connections", "3", "--idle-timeout", "60"])
        defer { serve.stop() }
        // Three kept-alive connections, each answered once: the cap is reached.
        let open = try (0..<3).map { _ in
            let connection = try RawConnection(port: serve.port)
            try connection.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try connection.response().response.status == 200)
            return connection
        }
        let descriptors = serve.openFileCount
        // A fourth waits: its request is not answered while the three stay open.
        let waiting = try RawConnection(port: serve.port)
        try waiting.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(!waiting.anythingReceived(within: 1), "a connection over the cap was served")
        #expect(serve.openFileCount <= descriptors, "a connection over the cap was accepted")
        // One of the three closes: the fourth is answered.
        open[0].socket.close()
        #expect(try waiting.response().response.status == 200)
        _ = open
    }

    /// Open pages' event streams never time out: with as many as the server takes at once, no page was served
    /// any more. At most half the connections listen; the page listening longest is let go of, its connection closed.
    @Test func openPagesNeverTakeEveryConnection() throws {
        let serve = try ServeProcess(
            fixture: "serve-site", arguments: ["--max-connections", "4", "--idle-timeout", "60"])
        defer { serve.stop() }
        let first = try LoopbackHTTP.EventStream(port: serve.port)
        _ = try first.next("hello")
        let later = try (0..<3).map { _ in try LoopbackHTTP.EventStream(port: serve.port) }
        _ = try later[0].next("hello")
        _ = try later[1].next("hello")
        // The third and fourth streams let go of the first two: a page is served on a connection left free.
        let page = try RawConnection(port: serve.port)
        try page.send("GET /about/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try page.response(timeout: 5).response.status == 200)
        #expect(first.closed(within: 5), "the page listening longest was let go of")
        _ = later
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringTheRebuildOfALargeSiteStopsWithinASecond(signal: Int32) throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let http = LoopbackHTTP(port: serve.port)
        // A large site appears at once (a folder moved in): thousands of pages to render in one rebuild.
        let folder = serve.site.appendingPathComponent("notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let paragraph = String(repeating: "A line of **text** with a [link](/about/) and `code`. ", count: 20)
        for index in 0..<3000 {
            try Data(
                "---\ntitle: Note \(index)\n---\n\n## Part one\n\n\(paragraph)\n\n## Part two\n\n\(paragraph)\n".utf8
            )
            .write(to: folder.appendingPathComponent("note-\(index).md"))
        }
        try FileManager.default.moveItem(at: folder, to: serve.site.appendingPathComponent("Content/notes"))
        // Wait until the rebuild is under way.
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline, !(try http.get("/__folio/status").body.contains("\"building\":true")) {
            Thread.sleep(forTimeInterval: 0.02)
        }
        #expect(try http.get("/__folio/status").body.contains("\"building\":true"), "no rebuild started")

        let start = Date()
        kill(serve.process.processIdentifier, signal)
        while serve.process.isRunning, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.005) }
        let seconds = Date().timeIntervalSince(start)
        #expect(seconds < 1, "stopping took \(seconds) s")
        #expect(!serve.stdout.contains("Rebuilt in"), "the rebuild had finished: the test did not stop a rebuild")
        #expect(serve.process.terminationReason == .exit && serve.process.terminationStatus == 0, "\(serve.output)")
        #expect(serve.stdout.contains("Stopped."))
    }

    @Test func aSignalDuringTheFirstBuildStopsWithinASecond() throws {
        // The fixture's own pages and a large folder, so that the first build is long.
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("folio-serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: site) }
        let folder = site.appendingPathComponent("Content/notes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("title: A large site\n".utf8).write(to: site.appendingPathComponent("Content/site.yml"))
        let paragraph = String(repeating: "A line of **text** with a [link](/notes/) and `code`. ", count: 20)
        for index in 0..<3000 {
            try Data("---\ntitle: Note \(index)\n---\n\n\(paragraph)\n".utf8).write(
                to: folder.appendingPathComponent("n\(index).md"))
        }
        let process = Process()
        process.executableURL = ServeProcess.binary
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = site
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Inside the first build (it takes seconds) once it stages its output beside Public/: a fixed wait could
        // signal the process before it has set up its handling, on a loaded machine.
        let staged = Date(timeIntervalSinceNow: 20)
        func staging() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: site.path)) ?? []).contains {
                $0.hasPrefix(".Public.folio-staging")
            }
        }
        while process.isRunning, !staging(), Date() < staged { Thread.sleep(forTimeInterval: 0.01) }
        #expect(process.isRunning && staging(), "the first build never staged its output")
        let start = Date()
        process.terminate()
        while process.isRunning, Date().timeIntervalSince(start) < 10 { Thread.sleep(forTimeInterval: 0.005) }
        let seconds = Date().timeIntervalSince(start)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(seconds < 1, "stopping took \(seconds) s")
        #expect(!text.contains("Serving"), "the first build had finished: \(text)")
        #expect(
            process.terminationReason == .exit && process.terminationStatus == 0 && text.contains("Stopped."), "\(text)"
        )
    }
}
