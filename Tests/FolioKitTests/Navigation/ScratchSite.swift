import Foundation

@testable import FolioKit

/// A site written into a fresh temporary folder, built with the default theme, and removed at the end of a test.
final class ScratchSite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("Public") }

    init(_ files: [String: String]) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("folio-nav-\(UUID().uuidString)")
        try write(files)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

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
