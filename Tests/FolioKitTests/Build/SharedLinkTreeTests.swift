import Foundation
import Testing

@testable import FolioKit

/// The output's early copy is made by whichever threads work on it: the one begun beside the build and the one
/// that takes the copy. Each test runs in a scratch folder of its own.
@Suite struct SharedLinkTreeTests {
    static func scratch() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("folio-link-tree-\(UUID().uuidString)")
    }

    /// Every file and folder below `folder`, by relative path, with its inode.
    static func tree(_ folder: String) -> [String: (inode: Int, isFolder: Bool)] {
        var found: [String: (inode: Int, isFolder: Bool)] = [:]
        for case let path as String in FileManager.default.enumerator(atPath: folder)?.allObjects ?? [] {
            let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + path)
            found[path] = (
                attributes?[.systemFileNumber] as? Int ?? -1, attributes?[.type] as? FileAttributeType == .typeDirectory
            )
        }
        return found
    }

    struct Incomplete: Error {
        var made: Int
        var of: Int
    }

    /// Runs `work` on `threads` threads at once, the first a little ahead; the errors they threw.
    static func together(_ threads: Int, _ work: @escaping @Sendable () throws -> Void) -> [String] {
        let group = DispatchGroup()
        let errors = NSLock()
        nonisolated(unsafe) var thrown: [String] = []
        for index in 0..<threads {
            group.enter()
            Thread.detachNewThread {
                if index > 0 { usleep(2_000) }
                do { try work() } catch { errors.withLock { thrown.append("\(error)") } }
                group.leave()
            }
        }
        group.wait()
        return thrown
    }

    @Test func threadsThatWorkOnTheCopyTogetherMakeItWhole() throws {
        let root = Self.scratch()
        defer { ScratchSite.remove(root) }
        let source = root.appendingPathComponent("Public").path
        var files: [String] = ["index.html", "search/index.js"]
        for folder in 0..<40 { files += (0..<3).map { "d\(folder)/p\($0)/index.html" } }
        files += (0..<300).map { "search/r/\($0).js" }
        for file in files {
            try FileManager.default.createDirectory(
                atPath: SitePath.directory(of: source + "/" + file), withIntermediateDirectories: true)
            try Data(file.utf8).write(to: URL(fileURLWithPath: source + "/" + file))
        }
        let copy = root.appendingPathComponent("copy").path
        let linking = SharedLinkTree(from: source, to: copy)
        let original = Self.tree(source)
        let count = original.count
        // Each thread returns only once the copy is whole, whoever made its last link.
        let thrown = Self.together(3) {
            try linking.work()
            let made = Self.tree(copy).count
            if made != count { throw Incomplete(made: made, of: count) }
        }
        #expect(thrown.isEmpty, "\(thrown)")

        let copied = Self.tree(copy)
        #expect(Set(copied.keys) == Set(original.keys), "the same names")
        for (path, entry) in original {
            if entry.isFolder {
                #expect(copied[path]?.isFolder == true && copied[path]?.inode != entry.inode, "\(path): a new folder")
            } else {
                #expect(copied[path]?.inode == entry.inode, "\(path): the same file, linked")
            }
        }
    }

    @Test func aLinkThatFailsFailsEveryThreadAndNamesTheFile() throws {
        let root = Self.scratch()
        defer { ScratchSite.remove(root) }
        let source = root.appendingPathComponent("Public").path
        for folder in 0..<20 {
            try FileManager.default.createDirectory(atPath: source + "/d\(folder)", withIntermediateDirectories: true)
            try Data("page".utf8).write(to: URL(fileURLWithPath: source + "/d\(folder)/index.html"))
        }
        // A file already where the copy's link goes.
        let copy = root.appendingPathComponent("copy").path
        try FileManager.default.createDirectory(atPath: copy + "/d7", withIntermediateDirectories: true)
        try Data("in the way".utf8).write(to: URL(fileURLWithPath: copy + "/d7/index.html"))
        let linking = SharedLinkTree(from: source, to: copy)
        let thrown = Self.together(2) { try linking.work() }
        #expect(thrown.count == 2, "both threads stop: \(thrown)")
        #expect(thrown.allSatisfy { $0.contains("d7/index.html") }, "\(thrown)")
    }
}
