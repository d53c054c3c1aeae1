import Foundation
import Testing

/// A throwaway folder under the system temp directory, removed when the test is done with it.
final class Sandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("folio-cli-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Copies `Tests/Fixtures/<name>` into the sandbox and returns the copy (the site folder).
    /// A fixture's `Broken/` folder is not copied: `breakSite(_:fixture:)` lays it over the copy.
    func site(_ fixture: String) throws -> URL {
        let source = Folio.fixture(fixture)
        #expect(FileManager.default.fileExists(atPath: source.path), "missing fixture \(source.path)")
        let site = root.appendingPathComponent(fixture, isDirectory: true)
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name != "Broken" {
            try FileManager.default.copyItem(
                at: source.appendingPathComponent(name), to: site.appendingPathComponent(name))
        }
        return site
    }

    /// Lays `Tests/Fixtures/<fixture>/Broken/**` over `site`, replacing files of the same path.
    func breakSite(_ site: URL, fixture: String) throws {
        let broken = Folio.fixture(fixture).appendingPathComponent("Broken", isDirectory: true)
        let files = Tree.files(under: broken)
        #expect(!files.isEmpty, "fixture \(fixture) has no Broken/ overlay")
        for relative in files {
            let target = site.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if FileManager.default.fileExists(atPath: target.path) { try FileManager.default.removeItem(at: target) }
            try FileManager.default.copyItem(at: broken.appendingPathComponent(relative), to: target)
        }
    }

    /// An empty folder inside the sandbox.
    func folder(_ name: String) throws -> URL {
        let url = root.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// Reading folders back.
enum Tree {
    /// Every regular file under `root`, as sorted relative paths (hidden files included).
    static func files(under root: URL) -> [String] {
        entries(under: root).filter { !$0.isDirectory }.map(\.path)
    }

    /// Every file and folder under `root`, as sorted relative paths.
    static func entries(under root: URL) -> [(path: String, isDirectory: Bool)] {
        var result: [(String, Bool)] = []
        func walk(_ directory: URL, _ prefix: String) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for name in names.sorted() {
                let url = directory.appendingPathComponent(name)
                let relative = prefix.isEmpty ? name : prefix + "/" + name
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
                result.append((relative, isDirectory.boolValue))
                if isDirectory.boolValue { walk(url, relative) }
            }
        }
        walk(root, "")
        return result.sorted { $0.0 < $1.0 }
    }

    /// Every file's bytes and every folder (as a `nil` entry), by relative path.
    static func snapshot(_ root: URL) throws -> [String: Data?] {
        var snapshot: [String: Data?] = [:]
        for entry in entries(under: root) {
            snapshot[entry.path] =
                entry.isDirectory ? .some(nil) : .some(try Data(contentsOf: root.appendingPathComponent(entry.path)))
        }
        return snapshot
    }

    /// The paths where two snapshots differ (added, removed or changed), for a readable failure.
    static func differences(_ a: [String: Data?], _ b: [String: Data?]) -> [String] {
        Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }
    }

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    static func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}
