import Foundation

/// Which pages this build renders and which it takes from the previous output unchanged.
struct RenderPlan: Sendable {
    /// Source path → the previous build's record, for pages whose output can be reused as it is.
    let reused: [String: BuildCache.PageRecord]
    let previousOutput: String
    /// Every source file's fingerprint as the read stage found it, before reading it: what the caches record, so an
    /// edit made while the build runs is seen by the next build.
    let sourceFingerprints: [String: FileFingerprint]
    let staticFingerprints: [String: FileFingerprint]
    /// Static files unchanged since the previous build, linked from its output instead of copied.
    let unchangedStatic: Set<String>
    let isNoOp: Bool
    /// The previous build had the same site key: what depends on nothing else (the folder listings) is unchanged.
    let sameSiteKey: Bool
    /// Same site around the pages (same key), same pages and static files, only some edited.
    private let sameSite: Bool

    init(site: Site, reading: SiteReader.Reading, previous: BuildCache?, siteKey: String, output: String) {
        previousOutput = output
        sourceFingerprints = reading.fingerprints
        var reused: [String: BuildCache.PageRecord] = [:]
        if let previous, previous.siteKey == siteKey {
            // By index: a page's fields are read where they are, not each page copied.
            var unchanged: [(page: Int, record: BuildCache.PageRecord)] = []
            unchanged.reserveCapacity(site.pages.count)
            for index in site.pages.indices where reading.unchanged.contains(site.pages[index].sourcePath) {
                guard let record = previous.pages[site.pages[index].sourcePath] else { continue }
                unchanged.append((index, record))
            }
            let missing = Self.missingOutputs(unchanged.map(\.page), site: site, output: output)
            reused.reserveCapacity(unchanged.count)
            for (index, record) in unchanged where !missing.contains(index) {
                reused[site.pages[index].sourcePath] = record
            }
        }
        self.reused = reused
        sameSiteKey = previous?.siteKey == siteKey
        sameSite =
            previous?.siteKey == siteKey && previous?.pages.count == site.pages.count
            && Set(site.staticFiles) == Set(previous?.staticFiles.keys.map { $0 } ?? [])
        var statics: [String: FileFingerprint] = [:]
        var unchangedStatic: Set<String> = []
        for file in site.staticFiles {
            guard let fingerprint = reading.fingerprints[file] else { continue }
            statics[file] = fingerprint
            if previous?.staticFiles[file] == fingerprint { unchangedStatic.insert(file) }
        }
        staticFingerprints = statics
        self.unchangedStatic = unchangedStatic
        isNoOp =
            previous != nil && reused.count == site.pages.count && previous?.pages.count == site.pages.count
            && unchangedStatic.count == site.staticFiles.count && previous?.staticFiles.count == site.staticFiles.count
    }

    /// The pages (numbers) whose file is no longer in the output (deleted since the previous build: rendered again),
    /// checked on both cores, one system call a page.
    private static func missingOutputs(_ pages: [Int], site: Site, output: String) -> Set<Int> {
        func missing(_ part: ArraySlice<Int>) -> [Int] {
            part.filter { access(site.pages[$0].outputPath.inside(output), F_OK) != 0 }
        }
        let half = pages.count / 2
        let (first, second) = concurrently({ missing(pages[..<half]) }, { missing(pages[half...]) })
        return Set(first + second)
    }

    /// Few enough edited pages that replacing them in place beats rebuilding the whole output beside it.
    func isSmallUpdate(pages: Int) -> Bool {
        sameSite && pages - reused.count <= max(16, pages / 50)
    }

    var reusedDiagnostics: [Diagnostic] { reused.values.flatMap { $0.renderDiagnostics.map(\.diagnostic) } }
    var reusedViews: Int { reused.values.reduce(0) { $0 + $1.views } }
    var reusedSections: Int { reused.values.reduce(0) { $0 + $1.sections } }
}
