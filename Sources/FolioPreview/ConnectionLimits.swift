import NIOCore
import NIOHTTP1

/// How long `folio serve` waits for a client, and how many it serves at once.
public struct ConnectionLimits: Sendable, Equatable {
    /// A new connection must send a complete request header within this time, or it is closed.
    public var headerTimeout: Duration = .seconds(5)
    /// A kept-alive connection with no request in progress is closed after this time. It is also the
    /// time the next request's header has to arrive in. Event streams (`/__folio/events`) are exempt:
    /// a request is in progress for as long as they are open.
    public var idleTimeout: Duration = .seconds(15)
    /// Connections served at once; further ones wait (in the listening socket's backlog) until one closes.
    public var maxConnections = 256

    public init() {}
}

/// Sits between NIO's HTTP/1 decoder and Hummingbird's codec, where the request's version and
/// `Connection` header are still known: closes the connection after the response when the client
/// asked for that (HTTP/1.0 without keep-alive, `Connection: close`), and closes connections
/// whose next request header does not arrive in time (slow or idle clients).
final class ConnectionPolicyHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    /// The version and keep-alive wish of each request whose header arrived and whose response has
    /// not ended yet, oldest first (a client may send its next request before the answer to the last).
    private var requestsOpen: [(version: HTTPVersion, keepAlive: Bool)] = []
    private var closeAfterResponse = false
    private var timer: Scheduled<Void>?

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startWaiting(context, limit: limits.headerTimeout) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startWaiting(context, limit: limits.headerTimeout)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stopWaiting()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stopWaiting()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data) {
            stopWaiting()
            requestsOpen.append((head.version, head.isKeepAlive))
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(var head):
            // The server's own `Connection: close` (as on the answer to a request that could not be parsed) counts too.
            let serverCloses = !head.isKeepAlive
            let (version, keepAlive) = requestsOpen.first ?? (.http1_1, true)
            // An HTTP/1.0 client gets an HTTP/1.0 response: no chunked body, which it could not read.
            head.version = version
            let delimitedByClose = version.predatesHTTP11 && !head.headers.contains(name: "content-length")
            closeAfterResponse = !keepAlive || delimitedByClose || serverCloses
            if closeAfterResponse {
                head.headers.replaceOrAdd(name: "connection", value: "close")
            } else if version.predatesHTTP11 {
                head.headers.replaceOrAdd(name: "connection", value: "keep-alive")
            }
            context.write(wrapOutboundOut(.head(head)), promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            if !requestsOpen.isEmpty { requestsOpen.removeFirst() }
            guard closeAfterResponse else {
                context.write(data, promise: promise)
                if requestsOpen.isEmpty { startWaiting(context, limit: limits.idleTimeout) }
                return
            }
            // Close once the whole response is written, not before (a large file to a slow reader).
            let written = promise ?? context.eventLoop.makePromise()
            context.writeAndFlush(data, promise: written)
            written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }
    }

    private func startWaiting(_ context: ChannelHandlerContext, limit: Duration) {
        stopWaiting()
        timer = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(limit)) { [self] in
            timer = nil
            if requestsOpen.isEmpty { context.close(promise: nil) }
        }
    }

    private func stopWaiting() {
        timer?.cancel()
        timer = nil
    }
}

extension HTTPVersion {
    fileprivate var predatesHTTP11: Bool { major < 1 || (major == 1 && minor < 1) }
}
