import Foundation
import Testing

/// `folio serve` as a process on loopback: edits reach open pages, a broken build is reported
/// while the last good site stays up, the server survives load and stops promptly.
@Suite("folio serve, end to end", .serialized)
struct ServeEndToEndTests {
    @Test func anEditReloadsABrokenBuildReportsAndAFixRecovers() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let http = LoopbackHTTP(port: serve.port)
        #expect(serve.stdout.contains("Built 2 pages"), "\(serve.output)")

        let first = try http.get("/about/")
        #expect(first.status == 200)
        #expect(first.body.contains("The first version of the about page."))
        #expect(first.body.contains("data-folio-serve"))
        #expect(first.headers["cache-control"] == "no-store")
        let onDisk = try String(
            contentsOf: serve.site.appendingPathComponent("Public/about/index.html"), encoding: .utf8)
        #expect(!onDisk.contains("data-folio-serve"), "the client is never written to the output folder")

        let events = try LoopbackHTTP.EventStream(port: serve.port)
        var seen = try events.next("hello").end

        // 1. An edit: a reload event, then the new text.
        try serve.write(
            "Content/about.md", "---\ntitle: About\ndraft: false\n---\n\nThe second version of the about page.\n")
        let reload = try events.next("reload", after: seen)
        seen = reload.end
        #expect(reload.data.contains("\"build\":2"))
        // Only the edited page's output changed, so only it reloads.
        #expect(reload.data.contains("\"pages\":[\"/about/\"]"), "\(reload.data)")
        #expect(try http.get("/about/").body.contains("The second version of the about page."))
        try serve.waitForOutput(#"Rebuilt in \d+ ms \(1 change: Content/about\.md\)"#)

        // 2. Broken front matter: the error reaches the client, the last good page is still served.
        try serve.write("Content/about.md", "---\ntitle: About\ndraft: maybe\n---\n\nThe broken version.\n")
        let errors = try events.next("errors", after: seen)
        seen = errors.end
        #expect(errors.data.contains("Content/about.md:3:8: error:"), "\(errors.data)")
        let stillGood = try http.get("/about/")
        #expect(stillGood.status == 200)
        #expect(stillGood.body.contains("The second version of the about page."))
        let status = try http.get("/__folio/status")
        #expect(status.body.contains("\"ok\":false") && status.body.contains("Content/about.md:3:8"), "\(status.body)")
        try serve.waitForOutput(#"Content/about\.md:3:8: error: "#, in: \.stderr)
        try serve.waitForOutput(#"Rebuild failed in \d+ ms"#, in: \.stderr)

        // A page opened now hears the errors as soon as it connects.
        let late = try LoopbackHTTP.EventStream(port: serve.port)
        #expect(try late.next("hello").data.contains("Content/about.md:3:8"))

        // 3. The fix: a reload, the fixed text, the status is good again.
        try serve.write(
            "Content/about.md", "---\ntitle: About\ndraft: false\n---\n\nThe fixed version of the about page.\n")
        #expect(try events.next("reload", after: seen).data.contains("\"build\":3"))
        #expect(try late.next("reload").data.contains("\"ok\":true"))
        #expect(try http.get("/about/").body.contains("The fixed version of the about page."))
        #expect(try http.get("/__folio/status").body.contains("\"ok\":true"))

        // Stopping with open event streams is prompt and clean.
        let seconds = serve.stop()
        #expect(seconds < 3, "SIGTERM took \(seconds) s")
        #expect(serve.process.terminationReason == .exit && serve.process.terminationStatus == 0, "\(serve.output)")
        #expect(serve.stdout.contains("Stopped."))

        // The preview left its cache on disk: a build after it renders nothing.
        let build = Process()
        build.executableURL = ServeProcess.binary
        build.arguments = ["build", "--format", "json"]
        build.currentDirectoryURL = serve.site
        let pipe = Pipe()
        build.standardOutput = pipe
        try build.run()
        let json = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        build.waitUntilExit()
        #expect(build.terminationStatus == 0 && json.contains("\"rendered\": 0,"), "\(json)")
    }

    /// `./Templates` begun while the preview runs is the theme from then on, without a restart (it was neither
    /// watched nor used when it was not there at the start).
    @Test func aThemeFolderBegunWhileServingIsUsed() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let http = LoopbackHTTP(port: serve.port)
        #expect(try !http.get("/about/").body.contains("Made while serving"))
        try FileManager.default.createDirectory(
            at: serve.site.appendingPathComponent("Templates/partials"), withIntermediateDirectories: true)
        try serve.write(
            "Templates/partials/footer.mustache", "<footer class=\"folio-footer\">Made while serving</footer>\n")
        let deadline = Date(timeIntervalSinceNow: 10)
        var page = ""
        repeat {
            Thread.sleep(forTimeInterval: 0.1)
            page = try http.get("/about/").body
        } while !page.contains("Made while serving") && Date() < deadline
        #expect(page.contains("Made while serving"), "\(serve.output)")
        #expect(page.contains("The first version of the about page."))
    }

    /// A rebuild looks again only at the files the watcher saw change (inotify sees every one): after every kind of
    /// change, the output is the one a clean build makes.
    @Test func everyKindOfChangeWhileServingEndsAsACleanBuild() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let content = serve.site.appendingPathComponent("Content")
        func rebuilds() -> Int {
            serve.stdout.components(separatedBy: "Rebuilt in ").count
                + serve.stderr.components(separatedBy: "Rebuild failed in ").count - 2
        }
        func snapshot(_ folder: String) -> [String: Data] {
            let root = serve.site.appendingPathComponent(folder)
            var files: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: root.path) ?? .init() {
                var isFolder: ObjCBool = false
                let url = root.appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue
                else { continue }
                files[path] = try? Data(contentsOf: url)
            }
            return files
        }
        /// Makes a change, waits for its rebuilds (one at least, then none for a second: the rebuild that follows
        /// one which found a file missing from the output comes at once), and compares the output with a clean
        /// build's.
        func change(_ what: String, _ make: () throws -> Void) throws {
            let before = rebuilds()
            try make()
            let deadline = Date(timeIntervalSinceNow: 20)
            var (seen, quietSince) = (before, Date())
            while Date() < deadline, seen == before || Date().timeIntervalSince(quietSince) < 1 {
                if rebuilds() != seen { (seen, quietSince) = (rebuilds(), Date()) }
                Thread.sleep(forTimeInterval: 0.02)
            }
            #expect(seen > before, "no rebuild after \(what): \(serve.output)")
            let clean = Process()
            clean.executableURL = ServeProcess.binary
            clean.arguments = ["build", "--no-cache", "--output", "Clean"]
            clean.currentDirectoryURL = serve.site
            clean.standardOutput = FileHandle.nullDevice
            try clean.run()
            clean.waitUntilExit()
            #expect(clean.terminationStatus == 0, "\(what)")
            let (served, built) = (snapshot("Public"), snapshot("Clean"))
            let differing = Set(served.keys).union(built.keys).filter { served[$0] != built[$0] }.sorted()
            #expect(differing.isEmpty, "after \(what), the output differs from a clean build in \(differing)")
        }
        let files = FileManager.default
        try change("a page edited") {
            try serve.write("Content/about.md", "---\ntitle: About\n---\n\nThe second version.\n")
        }
        try change("a page added in a new folder") {
            try files.createDirectory(at: content.appendingPathComponent("guide"), withIntermediateDirectories: true)
            try serve.write("Content/guide/setup.md", "# Setup\n\nFirst steps.\n")
        }
        try change("the new page edited") {
            try serve.write("Content/guide/setup.md", "# Setup\n\nFirst steps, edited.\n")
        }
        try change("a page renamed") {
            try files.moveItem(
                at: content.appendingPathComponent("about.md"), to: content.appendingPathComponent("team.md"))
        }
        try change("a static file added") { try serve.write("Content/images/notes.txt", "Notes.\n") }
        try change("the static file edited") { try serve.write("Content/images/notes.txt", "Notes, edited.\n") }
        try change("a page deleted") { try files.removeItem(at: content.appendingPathComponent("guide/setup.md")) }
        try change("a link to the renamed page") {
            try serve.write("Content/index.md", "---\ntitle: Planets\n---\n\nSee [the team](team.md).\n")
        }
        try change("a page's file deleted from the output, then another page edited") {
            try files.removeItem(at: serve.site.appendingPathComponent("Public/index.html"))
            try serve.write("Content/team.md", "---\ntitle: About\n---\n\nThe second version.\n\nMore.\n")
        }
        try change("the site's settings") { try serve.write("Content/site.yml", "title: Serve fixture, renamed\n") }
        #expect(serve.stderr.isEmpty, "\(serve.output)")
        let page = try String(
            contentsOf: serve.site.appendingPathComponent("Public/team/index.html"), encoding: .utf8)
        #expect(page.contains("The second version.") && page.contains("Serve fixture, renamed"))
    }

    @Test func servesOverTheSocketWithTypesRedirectsHeadAnd404() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let http = LoopbackHTTP(port: serve.port)
        let svg = try http.get("/images/dot.svg")
        #expect(svg.status == 200 && svg.headers["content-type"] == "image/svg+xml")
        let redirect = try http.get("/about")
        #expect(redirect.status == 301 && redirect.headers["location"] == "/about/")
        let head = try http.get("/about/", method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty && Int(head.headers["content-length"] ?? "") ?? 0 > 0)
        let missing = try http.get("/no/such/page/")
        #expect(missing.status == 404 && missing.body.contains("data-folio-serve"))
        for path in [
            "/../serve.stdout", "/%2e%2e/serve.stdout", "/..%2fserve.stdout", "//etc/passwd",
            "/%2e%2e%2f%2e%2e%2fetc/passwd",
        ] {
            let response = try http.get(path)
            #expect([400, 404].contains(response.status), "\(path) → \(response.status)")
            #expect(
                !response.body.contains("Serving http") && !response.body.contains("root:"), "\(path) leaked a file")
        }
    }

    /// `--output Nope/../Site`: the site was built into Site, then every request was a 404 (the server looked for
    /// its files through `Nope`, which does not exist).
    @Test func anOutputNamedThroughAFolderNotYetMadeIsServed() throws {
        let serve = try ServeProcess(fixture: "serve-site", arguments: ["--output", "Nope/../Site"])
        defer { serve.stop() }
        let page = try LoopbackHTTP(port: serve.port).get("/about/")
        #expect(page.status == 200 && page.body.contains("<h1"), "\(page.status)\n\(serve.output)")
        #expect(!FileManager.default.fileExists(atPath: serve.site.appendingPathComponent("Nope").path))
    }

    /// Another `folio build`, with other options, swapped its output in while the preview ran: the preview's next
    /// rebuild kept that output, a draft and all, and wrote its own cache over the other build's, so that a later
    /// `folio build` took the draft for its own and left it in the folder it deploys.
    @Test func anOutputAnotherBuildSwappedInIsBuiltAgainWhole() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        try serve.write("Content/secret.md", "---\ntitle: Secret\ndraft: true\n---\n\nNot for publishing.\n")
        try serve.waitForOutput(#"Rebuilt in \d+ ms \(1 change: Content/secret\.md\)"#)
        let secret = serve.site.appendingPathComponent("Public/secret/index.html").path
        #expect(try folio(["build", "--drafts"], in: serve.site) == 0)
        #expect(FileManager.default.fileExists(atPath: secret), "the other build published the draft")

        try serve.write("Content/about.md", "---\ntitle: About\n---\n\nThe second version of the about page.\n")
        try serve.waitForOutput(#"Rebuilt in \d+ ms \(1 change: Content/about\.md\)"#)
        #expect(!FileManager.default.fileExists(atPath: secret), "the preview's rebuild is of its own options")
        #expect(try LoopbackHTTP(port: serve.port).get("/secret/").status == 404)
        serve.stop()
        #expect(try folio(["build"], in: serve.site) == 0)
        #expect(!FileManager.default.fileExists(atPath: secret), "a plain build after the preview has no draft")
    }

    /// `folio arguments` in `folder`, run to its end: its exit status.
    func folio(_ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = try #require(ServeProcess.binary)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test func manyConcurrentRequestsNoErrorsNoLeakedDescriptors() throws {
        let serve = try ServeProcess(fixture: "serve-site")
        defer { serve.stop() }
        let http = LoopbackHTTP(port: serve.port)
        _ = try http.get("/")  // warm up
        let before = serve.openFileCount
        let paths = ["/", "/about/", "/images/dot.svg", "/missing/", "/about", "/__folio/status"]
        let failures = Failures()
        let start = Date()
        // 20 threads (not concurrentPerform, which runs only as many as there are cores), 25 requests each.
        let done = DispatchGroup()
        for worker in 0..<20 {
            done.enter()
            Thread {
                for i in 0..<25 {
                    let path = paths[(worker + i) % paths.count]
                    do {
                        let response = try http.get(path, timeout: 10)
                        if ![200, 301, 404].contains(response.status) { failures.add("\(path) → \(response.status)") }
                    } catch {
                        failures.add("\(path): \(error)")
                    }
                }
                done.leave()
            }.start()
        }
        #expect(done.wait(timeout: .now() + 120) == .success, "the requests did not finish within 120 s")
        let seconds = Date().timeIntervalSince(start)
        #expect(failures.all.isEmpty, "\(failures.all.prefix(10))")
        #expect(seconds < 60, "500 requests took \(seconds) s")
        // Closed connections give their descriptors back (allow a moment for the last closes).
        let deadline = Date(timeIntervalSinceNow: 5)
        while serve.openFileCount > before + 4, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(serve.openFileCount <= before + 4, "descriptors: \(before) before, \(serve.openFileCount) after")
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ failure: String) { lock.withLock { list.append(failure) } }
        var all: [String] { lock.withLock { list } }
    }
}
