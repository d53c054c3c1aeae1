import Foundation
import Testing

@testable import FolioKit

#if canImport(Glibc)
    import Glibc
#endif

/// A failed file-system call says which path and why, in the system's words.
@Suite struct FileErrorTests {
    static func scratch() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-file-error-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func aWriteIntoAMissingFolderNamesThePathAndTheReason() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/missing/index.html"
        #expect(throws: FileError("write", path, code: ENOENT)) {
            try FileOperations.write(Array("x".utf8), to: path)
        }
        do {
            try FileOperations.write(Array("x".utf8), to: path)
        } catch {
            #expect(error.description == "cannot write \(path): No such file or directory")
        }
    }

    @Test func anOutputWriteThatFailsBecomesAnErrorAtTheSourceWithTheReason() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = OutputDirectory(target: folder.path + "/Public")
        try output.prepare()
        defer { output.discard() }
        // No folder was made for `a/`: the write fails as it would on a full or read-only disk, with errno's words.
        var diagnostics = Diagnostics()
        #expect(!output.write("<p>x</p>", to: OutputPath(page: "/a/"), for: "Content/a.md", diagnostics: &diagnostics))
        #expect(
            diagnostics.map(\.description) == [
                "Content/a.md:1:1: error: cannot write a/index.html in the output folder: No such file or directory"
            ])
        #expect(output.write("<p>x</p>", to: OutputPath(page: "/"), for: "Content/index.md", diagnostics: &diagnostics))
        #expect(diagnostics.count == 1)
    }

    @Test func aCopyOfAMissingSourceSaysItCannotReadIt() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: FileError("read", folder.path + "/gone.png", code: ENOENT)) {
            try FileOperations.copy(folder.path + "/gone.png", to: folder.path + "/copy.png")
        }
    }
}
