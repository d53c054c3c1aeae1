import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import FolioPreview

/// The preview server in-process (no socket): files, types, directories, 404, HEAD, and every way
/// a request might try to leave the output folder.
@Suite("Preview server: serving the output folder")
struct PreviewServerTests {
    /// A built site in a temporary folder, with a secret file beside it and symlinks pointing out.
    final class Site {
        let base: URL
        let output: URL
        let server = PreviewServer(.init())

        init() throws {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("folio-preview-\(UUID().uuidString)")
            output = base.appendingPathComponent("Public")
            let files: [String: String] = [
                "index.html": "<!doctype html><html><body><h1>Home page</h1></body></html>\n",
                "guide/index.html": "<html><BODY><p>Guide page</p></BODY></html>",
                "guide/setup/index.html": "<html><body><p>Setup</p></body></html>",
                "404.html": "<!doctype html><html><body><h1>Theme 404 page</h1></body></html>\n",
                "assets/folio.css": "body { color: black }\n",
                "assets/folio.js": "console.log('hi')\n",
                "images/logo.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>",
                "images/photo.png": "png", "images/photo.jpg": "jpg", "images/photo.jpeg": "jpeg",
                "images/anim.gif": "gif", "images/pic.webp": "webp", "favicon.ico": "ico",
                "data.json": "{}", "feed.xml": "<feed/>", "robots.txt": "User-agent: *\n",
                "fonts/face.woff2": "woff2", "docs/manual.pdf": "%PDF", "media/clip.mp4": "mp4",
                "notes.unknownext": "?", "a file.txt": "spaced",
            ]
            for (path, text) in files {
                let url = output.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            try Data("TOP SECRET beside the output\n".utf8).write(to: base.appendingPathComponent("secret.txt"))
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("etc").path, withDestinationPath: "/etc")
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("passwd").path, withDestinationPath: "/etc/passwd")
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("secret.txt").path, withDestinationPath: "../secret.txt")
            try FileManager.default.createSymbolicLink(
                atPath: output.appendingPathComponent("home.html").path, withDestinationPath: "index.html")
        }

        deinit { try? FileManager.default.removeItem(at: base) }

        func test(_ body: @Sendable @escaping (any TestClientProtocol) async throws -> Void) async throws {
            try await server.application(serving: output.path).test(.router) { client in try await body(client) }
        }
    }

    @Test func servesTheHomePageWithTheLiveReloadClient() async throws {
        let site = try Site()
        try await site.test { client in
            try await client.execute(uri: "/", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                #expect(response.headers[.cacheControl] == "no-store")
                let body = String(buffer: response.body)
                #expect(body.contains("<h1>Home page</h1>"))
                // Injected once, just before </body>, and only in what is served.
                let script = try #require(body.range(of: "<script data-folio-serve>"))
                let end = try #require(body.range(of: "</body>"))
                #expect(script.upperBound < end.lowerBound)
                #expect(body.components(separatedBy: "data-folio-serve").count == 2)
                #expect(body.contains("new EventSource('/__folio/events')"))
                #expect(response.headers[.contentLength] == String(response.body.readableBytes))
            }
        }
        let onDisk = try String(contentsOf: site.output.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!onDisk.contains("data-folio-serve"))
    }

    @Test func everyKnownTypeIsLabelled() async throws {
        let expected: [String: String] = [
            "/assets/folio.css": "text/css; charset=utf-8", "/assets/folio.js": "text/javascript; charset=utf-8",
            "/images/logo.svg": "image/svg+xml", "/images/photo.png": "image/png", "/images/photo.jpg": "image/jpeg",
            "/images/photo.jpeg": "image/jpeg", "/images/anim.gif": "image/gif", "/images/pic.webp": "image/webp",
            "/favicon.ico": "image/x-icon", "/data.json": "application/json", "/feed.xml": "application/xml",
            "/robots.txt": "text/plain; charset=utf-8", "/fonts/face.woff2": "font/woff2",
            "/docs/manual.pdf": "application/pdf", "/media/clip.mp4": "video/mp4",
            "/notes.unknownext": "application/octet-stream", "/a%20file.txt": "text/plain; charset=utf-8",
        ]
        let site = try Site()
        try await site.test { client in
            for (path, type) in expected {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .ok, "\(path)")
                    #expect(response.headers[.contentType] == type, "\(path)")
                    #expect(response.headers[.cacheControl] == "no-cache", "\(path)")
                    #expect(
                        !String(buffer: response.body).contains("data-folio-serve"),
                        "\(path): only HTML gets the client")
                }
            }
        }
    }

    @Test func aFolderServesItsIndexAndWithoutTheSlashRedirects() async throws {
        let site = try Site()
        try await site.test { client in
            try await client.execute(uri: "/guide/", method: .get) { response in
                #expect(response.status == .ok)
                let body = String(buffer: response.body)
                #expect(body.contains("Guide page"))
                // `</BODY>` in capitals is found too.
                #expect(body.range(of: "<script data-folio-serve>")!.upperBound < body.range(of: "</BODY>")!.lowerBound)
            }
            try await client.execute(uri: "/guide/setup/", method: .get) { response in
                #expect(String(buffer: response.body).contains("Setup"))
            }
            try await client.execute(uri: "/guide", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/guide/")
            }
            try await client.execute(uri: "/guide/setup?x=1", method: .get) { response in
                #expect(response.status == .movedPermanently)
                #expect(response.headers[.location] == "/guide/setup/")
            }
            try await client.execute(uri: "/index.html", method: .get) { response in
                #expect(response.status == .ok)
                #expect(String(buffer: response.body).contains("Home page"))
            }
            // A symlink that stays inside the output folder is fine.
            try await client.execute(uri: "/home.html", method: .get) { response in
                #expect(String(buffer: response.body).contains("Home page"))
            }
            // A file asked for as a folder is not found.
            try await client.execute(uri: "/robots.txt/", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func aMissingPageGetsTheThemes404PageWithStatus404() async throws {
        let site = try Site()
        try await site.test { client in
            for path in ["/no/such/page/", "/nothing.css", "/guide/missing"] {
                try await client.execute(uri: path, method: .get) { response in
                    #expect(response.status == .notFound, "\(path)")
                    #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                    let body = String(buffer: response.body)
                    #expect(body.contains("Theme 404 page"), "\(path)")
                    #expect(body.contains("data-folio-serve"))
                }
            }
        }
        // Without a 404.html: a plain page, still with the client (it shows a failed build's errors).
        try FileManager.default.removeItem(at: site.output.appendingPathComponent("404.html"))
        try await site.test { client in
            try await client.execute(uri: "/missing/", method: .get) { response in
                #expect(response.status == .notFound)
                #expect(String(buffer: response.body).contains("Not found"))
                #expect(String(buffer: response.body).contains("data-folio-serve"))
            }
        }
    }

    @Test func headGivesTheHeadersWithoutTheBody() async throws {
        let site = try Site()
        try await site.test { client in
            try await client.execute(uri: "/assets/folio.css", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/css; charset=utf-8")
                #expect(response.headers[.contentLength] == "22")
                #expect(response.body.readableBytes == 0)
            }
            let getLength = try await client.execute(uri: "/", method: .get) { $0.headers[.contentLength] }
            try await client.execute(uri: "/", method: .head) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentLength] == getLength)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/missing", method: .head) { response in
                #expect(response.status == .notFound)
                #expect(response.body.readableBytes == 0)
            }
            try await client.execute(uri: "/", method: .post) { response in
                #expect(response.status == .methodNotAllowed)
                #expect(response.headers[.allow] == "GET, HEAD")
            }
        }
    }

    /// Nothing outside the output folder, however the path is spelled.
    @Test func nothingOutsideTheOutputFolderIsServed() async throws {
        let attempts = [
            "/../secret.txt", "/guide/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
            "/.%2e/secret.txt", "/%2e./secret.txt", "/guide/%2e%2e/%2e%2e/secret.txt",
            "/..%2fsecret.txt", "/guide%2f..%2f..%2fsecret.txt", "/%2f..%2fsecret.txt", "/%2Fetc%2Fpasswd",
            "/..%5csecret.txt", "/..\\secret.txt", "/guide%5c..%5c..%5csecret.txt",
            "//secret.txt", "//etc/passwd", "/guide//../../secret.txt", "///../secret.txt",
            "/%00", "/index.html%00.css", "/secret.txt\0", "/%2e%2e%00/secret.txt",
            "/%252e%252e/secret.txt", "/%c0%ae%c0%ae/secret.txt", "/%e0%80%ae%e0%80%ae/secret.txt",
            "/etc/passwd", "/etc/hostname", "/etc/", "/etc", "/passwd", "/secret.txt",
            "/./secret.txt", "/%2e/secret.txt", "..", "../secret.txt", "secret.txt",
        ]
        let site = try Site()
        try await site.test { client in
            for path in attempts {
                try await client.execute(uri: path, method: .get) { response in
                    let body = String(buffer: response.body)
                    #expect(
                        [.badRequest, .notFound].contains(response.status),
                        "\(path.debugDescription) → \(response.status)")
                    #expect(
                        !body.contains("TOP SECRET") && !body.contains("root:"),
                        "\(path.debugDescription) leaked a file")
                }
            }
        }
    }

    @Test func pathsAreDecodedOneSegmentAtATime() {
        #expect(StaticFiles.segments(of: "/") == [])
        #expect(StaticFiles.segments(of: "/a/b/") == ["a", "b"])
        #expect(StaticFiles.segments(of: "/a%20file.txt") == ["a file.txt"])
        #expect(StaticFiles.segments(of: "/caf%C3%A9/") == ["café"])
        for bad in [
            "", "a", "/..", "/a/../b", "/%2e%2e", "/a%2fb", "/a%5cb", "/a\\b", "//a", "/a//b", "/%00", "/%zz", "/.",
        ] {
            #expect(StaticFiles.segments(of: bad) == nil, "\(bad.debugDescription)")
        }
    }

    @Test func statusReportsTheBuild() async throws {
        let site = try Site()
        await site.server.reload.published()
        await site.server.reload.failed(["Content/index.md:2:8: error: 'draft' must be true or false"])
        try await site.test { client in
            try await client.execute(uri: "/__folio/status", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "application/json")
                let state = try JSONDecoder().decode(
                    LiveReload.State.self, from: Data(String(buffer: response.body).utf8))
                #expect(
                    state
                        == .init(
                            build: 1, ok: false, errors: ["Content/index.md:2:8: error: 'draft' must be true or false"])
                )
            }
            try await client.execute(uri: "/__folio/events", method: .head) { response in
                #expect(response.headers[.contentType] == "text/event-stream")
            }
        }
        #expect(await site.server.reload.clientCount == 0)
    }
}
