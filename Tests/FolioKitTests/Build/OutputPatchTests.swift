import Testing

@testable import FolioKit

/// The folder a small update swaps: the smallest one that holds every changed file.
@Suite struct OutputPatchTests {
    @Test func theCommonFolderOfFilesInOneFolderIsThatFolder() {
        #expect(OutputPatch.commonFolder(["guide/setup/index.html", "guide/views/index.html"]) == "guide")
        #expect(OutputPatch.commonFolder(["guide/setup/index.html", "guide/setup/model.json"]) == "guide/setup")
    }

    @Test func theCommonFolderStopsAtWholeNames() {
        #expect(OutputPatch.commonFolder(["guide/a/index.html", "guides/a/index.html"]) == "")
        #expect(OutputPatch.commonFolder(["a/b/index.html", "a/bc/index.html"]) == "a")
    }

    @Test func aFileAtTheRootMakesTheRootTheCommonFolder() {
        #expect(OutputPatch.commonFolder(["404.html", "guide/setup/index.html"]) == "")
        #expect(OutputPatch.commonFolder(["guide/setup/index.html"]) == "guide/setup")
    }
}
