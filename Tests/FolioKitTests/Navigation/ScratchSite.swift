import Foundation

@testable import FolioKit

/// A site written into a fresh temporary folder, built with the default theme, and removed at the end of a test.
/// A test building it in a `BuildSession` flushes the session first (`defer { session.flush() }`): `folio serve`'s
/// cache files are written once its rebuilds pause, which could be after the folder is gone.
final class ScratchSite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("Public") }

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-nav-\(UUID().uuidString)")
        try write(files)
    }

    deinit { Self.remove(root) }

    /// Removes a test's scratch folder, again while anything is left: a removal the build runs in the background (an
    /// old output, a standby copy) may still be deleting inside it, and a removal that meets it gives up part way.
    static func remove(_ folder: URL) {
        for _ in 0..<100 where FileManager.default.fileExists(atPath: folder.path) {
            try? FileManager.default.removeItem(at: folder)
            if FileManager.default.fileExists(atPath: folder.path) { usleep(20_000) }
        }
    }

    func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func remove(_ path: String) throws { try FileManager.default.removeItem(at: content.appendingPathComponent(path)) }

    @discardableResult
    func build(
        into output: URL? = nil, cache: Bool = true, templates: URL? = nil, session: BuildSession? = nil
    ) -> SiteBuilder.Result {
        var options = SiteBuilder.Options()
        options.contentDirectory = content.path
        options.templatesDirectory = templates?.path
        options.outputDirectory = (output ?? self.output).path
        options.useCache = cache
        return SiteBuilder.build(options, session: session)
    }

    func html(_ path: String, in output: URL? = nil) -> String {
        (try? String(contentsOf: (output ?? self.output).appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: output.appendingPathComponent(path).path)
    }

    /// The files that differ between two folders (or are in one only), by relative path: what a failing comparison
    /// of two outputs names.
    static func differences(_ folder: URL, _ other: URL) -> [String] {
        let (one, two) = (snapshot(folder), snapshot(other))
        return Set(one.keys).union(two.keys).filter { one[$0] != two[$0] }.sorted()
    }

    /// Every file below `folder`, by relative path, with its bytes.
    static func snapshot(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try? Data(contentsOf: url)
        }
        return files
    }
}
