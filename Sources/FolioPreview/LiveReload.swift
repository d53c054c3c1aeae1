import Foundation

/// Tells every open page about builds, over Server-Sent Events (`/__folio/events`).
///
/// Events (the data is JSON): `hello {build, errors}` on every (re)connection, `reload {build}`
/// after a good build, `errors {build, errors}` after a failed one. `build` counts the
/// published builds, so a page served before the newest one knows to reload.
actor LiveReload {
    struct State: Codable, Equatable {
        var build = 0
        var ok = true
        /// The failed build's diagnostics as `path:line:col: error: message` lines.
        var errors: [String] = []
        /// After a good build: the site paths of the pages that changed, or nil when every page may have.
        var pages: [String]? = nil
    }

    private(set) var state = State()
    /// Whether a build is running now (shown by `/__folio/status`, not sent in events).
    private(set) var building = false
    private var clients: [Int: AsyncStream<String>.Continuation] = [:]
    private var nextClient = 0
    private var closed = false
    /// The most pages listened to at once: each holds a connection for as long as it is open, and with every
    /// connection the server takes (`ConnectionLimits.maxConnections`) held so, no page could be served any more.
    let maxClients: Int

    var clientCount: Int { clients.count }

    /// `maxClients`: at least one.
    init(maxClients: Int = 128) { self.maxClients = max(1, maxClients) }

    /// A stream of SSE messages for one client; it starts with `hello` and ends at `close()`.
    func subscribe() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingNewest(8))
        guard !closed else {
            continuation.finish()
            return stream
        }
        // The page listening longest is let go of (its connection closes with its stream; an open page reconnects).
        while clients.count >= maxClients, let oldest = clients.keys.min() {
            clients.removeValue(forKey: oldest)?.finish()
        }
        let id = nextClient
        nextClient += 1
        clients[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        continuation.yield("retry: 1000\n" + Self.message("hello", state))
        return stream
    }

    func setBuilding(_ building: Bool) { self.building = building }

    /// `/__folio/status`: the state and whether a build is running.
    var status: String {
        struct Status: Encodable {
            let state: State
            let building: Bool
            enum Key: CodingKey { case building }
            func encode(to encoder: any Encoder) throws {
                try state.encode(to: encoder)
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(building, forKey: .building)
            }
        }
        return Self.json(Status(state: state, building: building))
    }

    func published(pages: [String]? = nil) {
        state = State(build: state.build + 1, pages: pages)
        send(Self.message("reload", state))
    }

    func failed(_ diagnostics: [String]) {
        state.ok = false
        state.errors = diagnostics
        send(Self.message("errors", state))
    }

    /// A comment line: keeps proxies from timing the stream out, and finds clients that left.
    func ping() { send(": ping\n\n") }

    /// Ends every stream (at shutdown, so that no response keeps the server waiting).
    func close() {
        closed = true
        for client in clients.values { client.finish() }
        clients = [:]
    }

    private func remove(_ id: Int) { clients[id] = nil }

    private func send(_ message: String) {
        for client in clients.values { client.yield(message) }
    }

    static func message(_ event: String, _ state: State) -> String {
        "event: \(event)\ndata: \(json(state))\n\n"
    }

    static func json(_ state: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(state)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
