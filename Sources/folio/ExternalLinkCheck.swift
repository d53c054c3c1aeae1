import FolioKit
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `folio check --external`: fetches each external URL once, a few at a time, each within a time-out,
/// and reports every failure at each place the URL is written. Never part of `folio build`.
struct ExternalLinkCheck {
    let timeout: Double
    let concurrency: Int
    var strict = false

    /// Reports each failure into `diagnostics`; returns how many places failed.
    @discardableResult
    func run(_ links: ExternalLinks, diagnostics: inout Diagnostics) -> Int {
        var places: [String: [ExternalLink]] = [:]
        for link in links { places[Self.withoutFragment(link.url), default: []].append(link) }
        let urls = places.keys.sorted()
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout
        configuration.httpMaximumConnectionsPerHost = concurrency
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let slots = DispatchSemaphore(value: concurrency)
        let group = DispatchGroup()
        let found = Problems()
        var problems: [String: String] = [:]
        for url in urls {
            guard let target = URL(string: url) else {
                problems[url] = "is not a valid URL"
                continue
            }
            slots.wait()
            group.enter()
            var request = URLRequest(url: target, timeoutInterval: timeout)
            request.setValue("Folio link check", forHTTPHeaderField: "User-Agent")
            Probe(request: request, session: session, timeout: timeout).run { problem in
                if let problem { found.add(url, problem) }
                slots.signal()
                group.leave()
            }
        }
        group.wait()
        problems.merge(found.all) { first, _ in first }
        var failures = 0
        for (url, problem) in problems {
            for link in places[url] ?? [] {
                diagnostics.report(
                    Diagnostic(
                        path: link.path, line: link.line, column: link.column, severity: strict ? .error : .warning,
                        message: "external link '\(link.url)' \(problem)"))
                failures += 1
            }
        }
        return failures
    }

    fileprivate static func problem(response: URLResponse?, error: Error?, timeout: Double) -> String? {
        if let error = error as? URLError {
            if error.code == .timedOut { return "did not answer within \(Self.seconds(timeout))" }
            return "failed: \(error.localizedDescription)"
        }
        if let error { return "failed: \(error.localizedDescription)" }
        guard let http = response as? HTTPURLResponse else { return nil }
        guard (200..<400).contains(http.statusCode) else {
            return "answered \(http.statusCode) \(HTTPURLResponse.localizedString(forStatusCode: http.statusCode))"
        }
        return nil
    }

    fileprivate static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    private static func withoutFragment(_ url: String) -> String {
        url.firstIndex(of: "#").map { String(url[..<$0]) } ?? url
    }
}

/// The failures found by the fetches, which finish on the session's threads.
private final class Problems: @unchecked Sendable {
    private let lock = NSLock()
    private var problems: [String: String] = [:]

    func add(_ url: String, _ problem: String) {
        lock.lock()
        problems[url] = problem
        lock.unlock()
    }

    var all: [String: String] {
        lock.lock()
        defer { lock.unlock() }
        return problems
    }
}

/// One link's fetch: a HEAD request, as only the status matters, and a GET when the server refuses HEAD (an error
/// status: some servers answer HEAD with 405 or 404). A GET was the only request, and its body was kept whole in
/// memory: a large download was read to its end, and an endless one took the process to the out-of-memory killer.
/// Each request is cancelled at its deadline: the session's time-out measures only silence, so a server sending a
/// byte at a time was waited on for good.
private final class Probe: @unchecked Sendable {
    private let request: URLRequest
    private let session: URLSession
    private let timeout: Double

    init(request: URLRequest, session: URLSession, timeout: Double) {
        (self.request, self.session, self.timeout) = (request, session, timeout)
    }

    func run(done: @escaping @Sendable (String?) -> Void) {
        var head = request
        head.httpMethod = "HEAD"
        fetch(head) { [self] problem, status in
            guard let status, !(200..<400).contains(status) else { return done(problem) }
            fetch(request) { problem, _ in done(problem) }
        }
    }

    /// The problem with `request`'s answer (nil: none), and its status when it had one.
    private func fetch(_ request: URLRequest, then: @escaping @Sendable (String?, Int?) -> Void) {
        let deadline = Deadline()
        let timeout = timeout
        let task = session.dataTask(with: request) { _, response, error in
            guard deadline.finish() else {
                return then("did not answer within \(ExternalLinkCheck.seconds(timeout))", nil)
            }
            let status = (response as? HTTPURLResponse)?.statusCode
            then(ExternalLinkCheck.problem(response: response, error: error, timeout: timeout), status)
        }
        task.resume()
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if deadline.expire() { task.cancel() }
        }
    }
}

/// Whichever comes first of a request's answer and its deadline.
private final class Deadline: @unchecked Sendable {
    private let lock = NSLock()
    private var settled = false
    private var expired = false

    /// The answer came: true unless the deadline came first.
    func finish() -> Bool {
        lock.withLock {
            settled = true
            return !expired
        }
    }

    /// The deadline came: true when no answer had.
    func expire() -> Bool {
        lock.withLock {
            guard !settled else { return false }
            settled = true
            expired = true
            return true
        }
    }
}
