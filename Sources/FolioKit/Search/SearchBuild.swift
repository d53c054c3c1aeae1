import Foundation

/// The build step that writes the search index (`search/` in the output): the entries of the pages this build
/// rendered come from their render workers, those of the pages it reused from the search cache, so an edit
/// re-indexes only the edited pages; index files whose contents did not change are kept, not written again.
struct SearchBuild {
    let cachePath: String
    let inMemory: Bool
    private(set) var cache: SearchCache
    private var previousFiles: [String: (hash: UInt64, file: FileFingerprint)] = [:]

    init(buildCache: String, siteKey: String, inMemory: Bool) {
        cachePath = SearchCache.location(buildCache: buildCache)
        self.inMemory = inMemory
        cache = SearchCache(siteKey: siteKey)
    }

    /// Writes the index into the output being built; returns the problems met.
    mutating func write(
        site: Site, plan: RenderPlan, fresh: [String: [SearchEntry]], output: OutputDirectory
    ) -> [Diagnostic] {
        var previous: SearchCache?
        if !plan.reused.isEmpty, let loaded = SearchCache.load(from: cachePath, inMemory: inMemory), loaded.siteKey == cache.siteKey {
            previous = loaded
            previousFiles = loaded.files
        }
        var pages: [[SearchEntry]] = []
        pages.reserveCapacity(site.pages.count)
        for source in site.pages {
            let entries: [SearchEntry]
            if let made = fresh[source.sourcePath] {
                entries = made
            } else if let record = plan.reused[source.sourcePath], let cached = previous?.pages[source.sourcePath],
                cached.fingerprint == record.fingerprint
            {
                entries = cached.entries
            } else {
                entries = Self.index(source, site: site)
            }
            pages.append(entries)
            if let fingerprint = fresh[source.sourcePath] != nil
                ? FileFingerprint(path: site.contentDirectory + "/" + source.sourcePath) : plan.reused[source.sourcePath]?.fingerprint
            {
                cache.pages[source.sourcePath] = SearchCache.Page(fingerprint: fingerprint, entries: entries)
            }
        }

        let index = SearchIndex(pages: pages)
        var diagnostics: [Diagnostic] = []
        do {
            try output.makeDirectories(for: index.files.map(\.path))
        } catch {
            return [.error("cannot write the search index: \(error.localizedDescription)", at: output.target)]
        }
        for (path, bytes) in index.files {
            // Hashed only when there is a previous index to compare with (a clean build writes every file anyway).
            var hash = StableHash()
            if !previousFiles.isEmpty { hash.add(bytes) }
            cache.files[path] = (previousFiles.isEmpty ? 0 : hash.value, FileFingerprint.missing)
            if let old = previousFiles[path], old.hash != 0, old.hash == hash.value, FileFingerprint(path: plan.previousOutput + "/" + path) == old.file,
                output.link(from: plan.previousOutput + "/" + path, to: path)
            {
                continue
            }
            if !output.write(bytes, to: path) {
                diagnostics.append(.error("cannot write \(path) in the output folder", at: output.target))
            }
        }
        return diagnostics
    }

    /// After the output is published: removes index files no longer used (an in-place update keeps the rest),
    /// notes each file as published and saves the cache.
    mutating func finish(output: OutputDirectory) {
        if output.isPatch {
            for path in previousFiles.keys where cache.files[path] == nil { unlink(output.target + "/" + path) }
        }
        for path in Array(cache.files.keys) {
            cache.files[path]?.file = FileFingerprint(path: output.target + "/" + path) ?? .missing
        }
        cache.save(to: cachePath, inMemory: inMemory)
    }

    /// A page the cache cannot give: read and modelled again.
    static func index(_ listed: PageSource, site: Site) -> [SearchEntry] {
        var source = listed
        if listed.isStub { source = SiteReader.readSource(listed.sourcePath, root: site.contentDirectory, config: site.config).0 }
        let page = SiteReader.loadPage(source, site: site).0
        return SearchEntry.page(page.model, settings: PageSettings(page: source))
    }
}
