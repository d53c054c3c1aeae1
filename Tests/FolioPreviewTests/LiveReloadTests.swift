import Foundation
import Testing

@testable import FolioPreview

@Suite("Live reload: events and the injected client")
struct LiveReloadTests {
    /// The next message of a stream, or nil if none comes within a few seconds.
    func next(_ iterator: inout AsyncStream<String>.Iterator) async -> String? {
        await iterator.next()
    }

    @Test func aClientHearsHelloThenReloadsAndErrors() async throws {
        let reload = LiveReload()
        await reload.published()
        var events = await reload.subscribe().makeAsyncIterator()
        #expect(await reload.clientCount == 1)
        #expect(await events.next() == "retry: 1000\nevent: hello\ndata: {\"build\":1,\"errors\":[],\"ok\":true}\n\n")

        await reload.failed(["Content/a.md:3:8: error: 'draft' must be true or false"])
        let errors = try #require(await events.next())
        #expect(errors.hasPrefix("event: errors\ndata: {"))
        #expect(errors.contains("\"Content/a.md:3:8: error: 'draft' must be true or false\""))
        #expect(errors.contains("\"ok\":false") && errors.contains("\"build\":1"))
        #expect(errors.hasSuffix("\n\n") && errors.dropLast(2).split(separator: "\n").count == 2, "one data line")

        await reload.published()
        #expect(await events.next() == "event: reload\ndata: {\"build\":2,\"errors\":[],\"ok\":true}\n\n")

        await reload.ping()
        #expect(await events.next() == ": ping\n\n")

        await reload.close()
        #expect(await events.next() == nil)
        #expect(await reload.clientCount == 0)
    }

    @Test func aPageOpenedAfterAFailedBuildHearsTheErrorsAtOnce() async throws {
        let reload = LiveReload()
        await reload.published()
        await reload.failed(["Content/index.md:1:1: error: broken"])
        var events = await reload.subscribe().makeAsyncIterator()
        let hello = try #require(await events.next())
        #expect(hello.contains("event: hello\n") && hello.contains("Content/index.md:1:1: error: broken"))
        await reload.close()
    }

    @Test func aClientThatGoesAwayIsForgotten() async throws {
        let reload = LiveReload()
        do {
            let stream = await reload.subscribe()
            #expect(await reload.clientCount == 1)
            _ = stream
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while await reload.clientCount > 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await reload.clientCount == 0)
        await reload.close()
        var late = await reload.subscribe().makeAsyncIterator()
        #expect(await late.next() == nil, "after close, new streams end at once")
    }

    @Test func theClientGoesBeforeTheLastClosingBodyTag() {
        let script = ReloadClient.script(build: 7)
        #expect(script.contains("var build = 7,"))
        let page = "<html><body><p>a</p><!-- </body> in a comment --></body></html>\n"
        let injected = String(decoding: ReloadClient.inject(into: Array(page.utf8), build: 7), as: UTF8.self)
        #expect(injected == "<html><body><p>a</p><!-- </body> in a comment -->" + script + "</body></html>\n")
        let upper = String(decoding: ReloadClient.inject(into: Array("<P>x</P></BODY>".utf8), build: 1), as: UTF8.self)
        #expect(upper == "<P>x</P>" + ReloadClient.script(build: 1) + "</BODY>")
        let fragment = String(
            decoding: ReloadClient.inject(into: Array("<p>no body</p>".utf8), build: 1), as: UTF8.self)
        #expect(fragment == "<p>no body</p>" + ReloadClient.script(build: 1))
        #expect(ReloadClient.inject(into: [], build: 1) == Array(ReloadClient.script(build: 1).utf8))
    }

    @Test func theClientKeepsItsPlaceAndShowsAnAccessibleOverlay() {
        let source = ReloadClient.source
        #expect(source.contains("sessionStorage.setItem(key, JSON.stringify([window.scrollX, window.scrollY]))"))
        #expect(source.contains("location.reload()"))
        #expect(source.contains("'role', 'alertdialog'") && source.contains("aria-labelledby"))
        #expect(source.contains("'Dismiss'") && source.contains("Escape"))
        #expect(!source.contains("innerHTML"), "error text is inserted as text, never as markup")
    }
}
