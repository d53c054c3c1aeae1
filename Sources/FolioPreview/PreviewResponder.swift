import Foundation
import Hummingbird

/// Answers every request of `folio serve`: the output folder's files (HTML with the
/// live-reload client added), `/__folio/events` (Server-Sent Events) and `/__folio/status`.
struct PreviewResponder: HTTPResponder {
    typealias Context = BasicRequestContext

    let files: StaticFiles
    let reload: LiveReload

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get || request.method == .head else {
            return Response(status: .methodNotAllowed, headers: [.allow: "GET, HEAD"])
        }
        let head = request.method == .head
        let response = await response(for: request.uri.path, head: head)
        return head ? response.createHeadResponse() : response
    }

    private func response(for path: String, head: Bool) async -> Response {
        switch path {
        case "/__folio/events": return await events(subscribe: !head)
        case "/__folio/status":
            let json = await reload.status
            return Response(
                status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        default: break
        }
        // The build number is read before the file: a page is never newer than the build it names.
        let build = await reload.state.build
        switch files.resolve(path) {
        case .file(let file):
            guard let bytes = FileManager.default.contents(atPath: file) else { return await notFound(build: build) }
            return fileResponse(.ok, file, [UInt8](bytes), build: build)
        case .redirect(let location):
            return Response(status: .movedPermanently, headers: [.location: location, .cacheControl: "no-store"])
        case .badRequest:
            return text(.badRequest, "Bad request: this path cannot name a file of the site.\n")
        case .notFound:
            return await notFound(build: build)
        }
    }

    /// The theme's 404 page when the build wrote one; otherwise a plain page (with the client, so a failed
    /// first build still shows its errors).
    private func notFound(build: Int) async -> Response {
        if let page = files.notFoundPage(), let bytes = FileManager.default.contents(atPath: page) {
            return fileResponse(.notFound, page, [UInt8](bytes), build: build)
        }
        let html =
            "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Not found</title></head>"
            + "<body><h1>Not found</h1><p>There is no page at this address.</p></body></html>\n"
        return fileResponse(.notFound, "404.html", Array(html.utf8), build: build)
    }

    private func fileResponse(_ status: HTTPResponse.Status, _ path: String, _ bytes: [UInt8], build: Int) -> Response {
        let html = MIMEType.isHTML(path)
        let body = html ? ReloadClient.inject(into: bytes, build: build) : bytes
        return Response(
            status: status,
            headers: [
                .contentType: MIMEType.forPath(path), .cacheControl: html ? "no-store" : "no-cache",
                .init("X-Content-Type-Options")!: "nosniff",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    private func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: message)))
    }

    /// One long response per open page; it ends when the page goes away or the server stops.
    private func events(subscribe: Bool) async -> Response {
        // The connection closes with the stream: one let go of (`LiveReload.maxClients`) frees its connection.
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store", .connection: "close"]
        guard subscribe else { return Response(status: .ok, headers: headers) }
        let stream = await reload.subscribe()
        return Response(
            status: .ok, headers: headers,
            body: ResponseBody { writer in
                for await message in stream { try await writer.write(ByteBuffer(string: message)) }
                try await writer.finish(nil)
            })
    }
}
