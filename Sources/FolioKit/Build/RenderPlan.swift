import Foundation

/// Which pages this build renders and which it takes from the previous output unchanged.
struct RenderPlan: Sendable {
    /// Source path → the previous build's record, for pages whose output can be reused as it is (for the next
    /// build's cache: streamed as each page is reused in `folio build`, taken by the commit in `folio serve`:
    /// `takeRecords`).
    private(set) var reused: [String: BuildCache.PageRecord]
    let previousOutput: String
    /// Every source file's fingerprint as the read stage found it, before reading it: what the caches record, so an
    /// edit made while the build runs is seen by the next build.
    let sourceFingerprints: [String: FileFingerprint]
    let staticFingerprints: [String: FileFingerprint]
    /// Static files unchanged since the previous build, linked from its output instead of copied.
    let unchangedStatic: Set<String>
    /// Each page read again (edited) as the previous build's record had it: its file's fingerprint and its URL then
    /// (what an edit's link check compares with, see `SiteFacts.LastCheck`).
    let editedBefore: [String: (fingerprint: FileFingerprint, url: String)]
    let isNoOp: Bool
    /// The previous build had the same site key: what depends on nothing else (the folder listings) is unchanged.
    let sameSiteKey: Bool
    /// Same site around the pages (same key), same pages and static files, only some edited.
    private let sameSite: Bool

    /// `checksOutputs`: whether each unchanged page's file is looked for in the output (not when `folio serve` found
    /// every one in place after its last rebuild: `BuildSession.verifyOutputs`). The previous build's page records
    /// are taken out of `previous`, not copied (a build of 100,000 pages held them twice, 57 MB each).
    init(
        site: Site, reading: SiteReader.Reading, previous: inout BuildCache?, siteKey: String, output: String,
        checksOutputs: Bool = true
    ) {
        previousOutput = output
        sourceFingerprints = reading.fingerprints
        let previousPages = previous?.pages.count
        var reused: [String: BuildCache.PageRecord] = [:]
        var editedBefore: [String: (fingerprint: FileFingerprint, url: String)] = [:]
        if previous?.siteKey == siteKey {
            var records: [String: BuildCache.PageRecord] = [:]
            swap(&records, &previous!.pages)
            for path in reading.frontMatter.keys {
                if let record = records[path] { editedBefore[path] = (record.fingerprint, record.url) }
            }
            let unchanged = Self.unchanged(reading: reading, records: &records)
            let missing = checksOutputs ? Self.missingOutputs(unchanged.urls, output: output) : []
            for index in missing { records[unchanged.paths[index]] = nil }
            reused = records
        }
        self.reused = reused
        self.editedBefore = editedBefore
        sameSiteKey = previous?.siteKey == siteKey
        sameSite =
            previous?.siteKey == siteKey && previousPages == site.pages.count
            && Set(site.staticFiles) == Set(previous?.staticFiles.keys.map { $0 } ?? [])
        var statics: [String: FileFingerprint] = [:]
        var unchangedStatic: Set<String> = []
        for file in site.staticFiles {
            guard let fingerprint = reading.fingerprints[file] else { continue }
            statics[file] = fingerprint
            // Unchanged, and still in the output (a file deleted from it is copied again).
            if previous?.staticFiles[file] == fingerprint, faccessat(AT_FDCWD, output + "/" + file, F_OK, 0) == 0 {
                unchangedStatic.insert(file)
            }
        }
        staticFingerprints = statics
        self.unchangedStatic = unchangedStatic
        isNoOp =
            previous != nil && reused.count == site.pages.count && previousPages == site.pages.count
            && unchangedStatic.count == site.staticFiles.count && previous?.staticFiles.count == site.staticFiles.count
    }

    /// Leaves in `records` (the previous build's) those of the unchanged pages (`reading.unchanged`, each of which
    /// has its record there), and gives each one's path and URL: the records of the pages read again are taken out
    /// in place (no record copied into a new dictionary a page at a time).
    private static func unchanged(reading: SiteReader.Reading, records: inout [String: BuildCache.PageRecord]) -> (
        paths: [String], urls: [String]
    ) {
        for path in reading.frontMatter.keys { records[path] = nil }
        // Any other record is of a page no longer in the site, which changed the site key: not in practice.
        if records.count != reading.unchanged.count { records = records.filter { reading.unchanged.contains($0.key) } }
        return (Array(records.keys), records.values.map(\.url))
    }

    /// Which of the pages at `urls` (by index) no longer have their file in the output (deleted since the previous
    /// build: rendered again), checked on both cores, one system call a page. Each file is looked up from the output
    /// folder, opened once: the system walks only the path below it. (About 15 ms of a rebuild of 10,000 pages.)
    static func missingOutputs(_ urls: [String], output: String) -> [Int] {
        let folder = open(output, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { return Array(urls.indices) }
        defer { close(folder) }
        func missing(_ part: Range<Int>) -> [Int] {
            part.filter { faccessat(folder, OutputPath(page: urls[$0]).relative, F_OK, 0) != 0 }
        }
        let half = urls.count / 2
        let (first, second) = concurrently({ missing(0..<half) }, { missing(half..<urls.count) })
        return first + second
    }

    /// Every page's record once the pages are written: the reused pages' with `rendered` (the rendered pages')
    /// added. Takes the reused records out of the plan, so that they are not copied.
    mutating func takeRecords(adding rendered: [String: BuildCache.PageRecord]) -> [String: BuildCache.PageRecord] {
        var records = reused
        reused = [:]
        // A build that reused nothing (the first, or a whole site rendered again) hands on its own, not a copy.
        if records.isEmpty { return rendered }
        records.merge(rendered) { _, new in new }
        return records
    }

    /// Few enough edited pages that replacing them in place beats rebuilding the whole output beside it.
    func isSmallUpdate(pages: Int) -> Bool {
        sameSite && pages - reused.count <= max(16, pages / 50)
    }

    var reusedDiagnostics: [Diagnostic] { reused.values.flatMap { $0.renderDiagnostics.map(\.diagnostic) } }
    var reusedViews: Int { reused.values.reduce(0) { $0 + $1.views } }
    var reusedSections: Int { reused.values.reduce(0) { $0 + $1.sections } }
}
