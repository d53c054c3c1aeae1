import Foundation
import Testing

@testable import FolioKit

/// The channel every stage reports into: order kept, workers' findings taken in turn, shown sorted.
@Suite struct DiagnosticsTests {
    @Test func findingsKeepTheOrderTheyWereReportedInAndShowSortedByPlace() {
        var build = Diagnostics()
        build.warning("late", at: "Content/b.md", line: 9)
        var worker = Diagnostics()
        worker.error("early", at: "Content/a.md", line: 3, column: 2)
        worker.report(.warning("second", at: "Content/a.md", line: 1))
        build.report(worker)
        #expect(build.map(\.message) == ["late", "early", "second"])
        #expect(
            build.sortedForDisplay().map(\.description) == [
                "Content/a.md:1:1: warning: second", "Content/a.md:3:2: error: early",
                "Content/b.md:9:1: warning: late",
            ])
        #expect(build.hasErrors && !Diagnostics([.warning("w", at: "x")]).hasErrors)
    }

    @Test func theSameFindingOnManyPagesIsShownOnce() {
        let rule = Diagnostic.warning("faint dot", at: "Content/appearance.yml", line: 4, column: 34)
        let found: Diagnostics = [rule, .error("other", at: "Content/a.md"), rule]
        #expect(found.removingDuplicates().map(\.message) == ["faint dot", "other"])
    }

    @Test func aCachedPagesFindingsRoundTripThroughJSON() throws {
        let found: Diagnostics = [.error("front matter is not closed", at: "Content/a.md", line: 2, column: 5)]
        let data = try JSONEncoder().encode(found)
        #expect(try JSONDecoder().decode(Diagnostics.self, from: data) == found)
    }
}
