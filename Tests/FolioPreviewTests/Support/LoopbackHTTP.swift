import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A minimal HTTP/1.1 client over a socket to 127.0.0.1, with time limits on everything.
struct LoopbackHTTP {
    struct Failure: Error, CustomStringConvertible { var description: String }

    struct Response {
        var status: Int
        var headers: [String: String]  // lower-cased names
        var body: String
    }

    let port: UInt16

    /// One request on its own connection (`Connection: close`), read to the end.
    func get(_ path: String, method: String = "GET", timeout: Double = 10) throws -> Response {
        let socket = try Socket(port: port)
        defer { socket.close() }
        try socket.send("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
        var raw = Data()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while let chunk = try socket.receive(until: deadline) { raw.append(chunk) }
        return try Self.parse(raw)
    }

    static func parse(_ raw: Data) throws -> Response {
        let text = String(decoding: raw, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else {
            throw Failure(description: "no response head in \(text.debugDescription)")
        }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        guard let status = lines.first?.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) else {
            throw Failure(description: "bad status line in \(text.debugDescription)")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(
                in: .whitespaces)
        }
        var body = String(text[split.upperBound...])
        if headers["transfer-encoding"] == "chunked" { body = dechunk(body) }
        return Response(status: status, headers: headers, body: body)
    }

    static func dechunk(_ body: String) -> String {
        var rest = Substring(body)
        var out = ""
        while let end = rest.range(of: "\r\n"), let size = Int(rest[..<end.lowerBound], radix: 16), size > 0 {
            let start = end.upperBound
            let utf8 = rest.utf8
            guard let stop = utf8.index(start, offsetBy: size, limitedBy: utf8.endIndex) else { break }
            out += rest[start..<stop]
            rest = rest[stop...].dropFirst(2)
        }
        return out
    }

    /// An open `/__folio/events` stream.
    final class EventStream {
        let socket: Socket
        private(set) var received = ""

        init(port: UInt16) throws {
            socket = try Socket(port: port)
            try socket.send(
                "GET /__folio/events HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAccept: text/event-stream\r\n\r\n")
        }

        deinit { socket.close() }

        /// Whether the server ends the stream and closes the connection within `timeout` (what arrives meanwhile
        /// is kept).
        func closed(within timeout: Double) -> Bool {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while true {
                do {
                    guard let chunk = try socket.receive(until: deadline) else { return true }
                    received += String(decoding: chunk, as: UTF8.self)
                } catch let failure as Failure where failure.description == "timed out reading" {
                    return false
                } catch {
                    return true  // reset
                }
            }
        }

        /// Reads until an `event: <name>` message has arrived (after those already seen); returns its data line.
        func next(_ name: String, after seen: Int = 0, timeout: Double = 15) throws -> (data: String, end: Int) {
            let deadline = Date(timeIntervalSinceNow: timeout)
            while true {
                let text = received.dropFirst(seen)
                if let event = text.range(of: "event: \(name)\ndata: "),
                    let end = text[event.upperBound...].firstIndex(of: "\n")
                {
                    return (String(text[event.upperBound..<end]), received.distance(from: received.startIndex, to: end))
                }
                guard let chunk = try socket.receive(until: deadline) else {
                    throw Failure(description: "no `event: \(name)` within \(timeout) s; received:\n\(received)")
                }
                received += String(decoding: chunk, as: UTF8.self)
            }
        }
    }
}

/// A blocking TCP socket to 127.0.0.1 whose reads wait at most until a deadline.
final class Socket {
    private var fd: Int32

    init(port: UInt16) throws {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw LoopbackHTTP.Failure(description: "socket() failed: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = errno
            close()
            throw LoopbackHTTP.Failure(description: "connect to 127.0.0.1:\(port) failed: errno \(error)")
        }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { throw LoopbackHTTP.Failure(description: "send failed: errno \(errno)") }
            offset += sent
        }
    }

    /// The next bytes, nil at the end of the stream; throws when the deadline passes first.
    func receive(until deadline: Date) throws -> Data? {
        var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
        guard poll(&descriptor, 1, ms) > 0 else { throw LoopbackHTTP.Failure(description: "timed out reading") }
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let count = recv(fd, &buffer, buffer.count, 0)
        if count < 0 { throw LoopbackHTTP.Failure(description: "recv failed: errno \(errno)") }
        return count == 0 ? nil : Data(buffer[..<count])
    }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }
}
