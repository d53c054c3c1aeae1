import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 connection with `folio serve`'s connection policy added
/// (see ``ConnectionPolicyHandler``) right after NIO's HTTP/1 decoder and encoder.
struct PreviewChannel: ServerChildChannel {
    let http1: HTTP1Channel
    let limits: ConnectionLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        let limits = self.limits
        // The connection cap stops accepting between reads of the listening socket, and one read
        // accepts up to maxMessagesPerRead connections: one at a time keeps the cap exact.
        _ = channel.parent?.setOption(.maxMessagesPerRead, value: 1)
        return http1.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(ConnectionPolicyHandler(limits: limits), position: .after(decoder))
            return value
        }
    }

    func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await http1.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    static func preview(_ limits: ConnectionLimits) -> HTTPServerBuilder {
        .init { responder in PreviewChannel(http1: HTTP1Channel(responder: responder), limits: limits) }
    }
}
