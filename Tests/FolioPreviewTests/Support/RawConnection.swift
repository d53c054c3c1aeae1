import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to `folio serve` driven by hand: several requests on it, bytes sent slowly,
/// and whether (and when) the server closed it.
final class RawConnection {
    let socket: Socket
    private var buffer = Data()

    init(port: UInt16) throws {
        socket = try Socket(port: port)
    }

    deinit { socket.close() }

    func send(_ text: String) throws { try socket.send(text) }

    /// Reads one response framed by Content-Length (or, without it, by the end of the connection).
    func response(timeout: Double = 10) throws -> (head: String, response: LoopbackHTTP.Response) {
        let deadline = Date(timeIntervalSinceNow: timeout)
        let separator = Data("\r\n\r\n".utf8)
        var headEnd: Range<Data.Index>?
        while true {
            headEnd = buffer.range(of: separator)
            if headEnd != nil { break }
            guard let chunk = try socket.receive(until: deadline) else {
                throw LoopbackHTTP.Failure(description: "the connection closed before a response head")
            }
            buffer.append(chunk)
        }
        let head = String(decoding: buffer[..<headEnd!.lowerBound], as: UTF8.self)
        let length = head.split(separator: "\r\n").compactMap { line -> Int? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
            return Int(parts[1].trimmingCharacters(in: .whitespaces))
        }.first
        let bodyStart = headEnd!.upperBound
        if let length {
            while buffer.count - bodyStart < length {
                guard let chunk = try socket.receive(until: deadline) else {
                    throw LoopbackHTTP.Failure(description: "the connection closed inside a response body")
                }
                buffer.append(chunk)
            }
            let raw = buffer[..<(bodyStart + length)]
            buffer = Data(buffer[(bodyStart + length)...])
            return (head, try LoopbackHTTP.parse(Data(raw)))
        }
        while let chunk = try socket.receive(until: deadline) { buffer.append(chunk) }
        let raw = buffer
        buffer = Data()
        return (head, try LoopbackHTTP.parse(raw))
    }

    /// True when the server closes the connection (end of stream or reset) before `timeout`;
    /// false when it is still open then. Bytes that arrive meanwhile are kept for `response`.
    func closedByServer(within timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while true {
            do {
                guard let chunk = try socket.receive(until: deadline) else { return true }
                buffer.append(chunk)
            } catch let failure as LoopbackHTTP.Failure where failure.description == "timed out reading" {
                return false
            } catch {
                return true  // reset
            }
        }
    }

    /// Whether a response (or any byte of one) has arrived within `timeout`, without waiting for its end.
    func anythingReceived(within timeout: Double) -> Bool {
        if !buffer.isEmpty { return true }
        guard let chunk = try? socket.receive(until: Date(timeIntervalSinceNow: timeout)) else { return false }
        buffer.append(chunk)
        return true
    }

    /// Sends `text` one byte at a time with `pause` seconds between bytes; returns how many bytes
    /// went out before the server closed the connection (all of them if it never did).
    func trickle(_ text: String, pause: Double) -> Int {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            if closedByServer(within: pause) { return index }
            do { try socket.send(String(decoding: [byte], as: UTF8.self)) } catch { return index }
        }
        return bytes.count
    }
}
