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
            session.dataTask(with: request) { _, response, error in
                let problem = Self.problem(response: response, error: error, timeout: timeout)
                if let problem { found.add(url, problem) }
                slots.signal()
                group.leave()
            }.resume()
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

    private static func problem(response: URLResponse?, error: Error?, timeout: Double) -> String? {
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

    private static func seconds(_ value: Double) -> String {
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
