import Foundation
import Testing

@testable import FolioKit

/// Listing `Content/`: every file of a large folder, with names of every length readdir can give.
@Suite struct FileTreeTests {
    /// A scratch folder of this test's own, removed afterwards.
    private func withScratchFolder(_ body: (String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-filetree-\(UUID().uuidString)"
        ).path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try body(folder)
    }

    /// The names are read from readdir's entries at their own offsets (a copy of a whole entry once read past the
    /// end of a mapped page: the crash of `folio serve`'s first build on 3,000 pages, which its own test covers).
    @Test(arguments: [4, 40, 120, 255])
    func everyFileOfALargeFolderIsListed(nameLength: Int) throws {
        try withScratchFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/notes", withIntermediateDirectories: true)
            var expected: [String] = []
            for index in 0..<3000 {
                let number = String(index)
                let name = String(repeating: "n", count: max(0, nameLength - number.count - 3)) + number + ".md"
                try Data().write(to: URL(fileURLWithPath: folder + "/notes/" + name))
                expected.append("notes/" + name)
            }
            var diagnostics = Diagnostics()
            #expect(FileTree.list(folder, diagnostics: &diagnostics) == expected.sorted())
            #expect(diagnostics.isEmpty)
        }
    }
}
