import Foundation

/// The build step that writes the search index (`search/` in the output): the entries of the pages this build
/// rendered come from their render workers, those of the pages it reused from the search cache, so an edit
/// re-indexes only the edited pages; index files whose contents did not change are kept, not written again.
struct SearchBuild {
    let cachePath: String
    let inMemory: Bool
    private(set) var cache: SearchCache
    private var previousFiles: [String: (hash: UInt64, file: FileFingerprint)] = [:]
    /// The index this build wrote, kept in memory once it is published.
    private var state: SearchIndexState?

    init(buildCache: String, siteKey: String, inMemory: Bool) {
        cachePath = SearchCache.location(buildCache: buildCache)
        self.inMemory = inMemory
        cache = SearchCache(siteKey: siteKey)
    }

    /// Writes the index into the output being built; a file it cannot write is an error in `diagnostics`.
    mutating func write(
        site: Site, plan: RenderPlan, fresh: [String: SearchPage], output: OutputDirectory,
        diagnostics: inout Diagnostics
    ) {
        var previous: SearchCache?
        if !plan.reused.isEmpty, let loaded = SearchCache.load(from: cachePath, inMemory: inMemory),
            loaded.siteKey == cache.siteKey
        {
            previous = loaded
            previousFiles = loaded.files
        }
        var pages: [SearchPage] = []
        pages.reserveCapacity(site.pages.count)
        for (number, source) in site.pages.enumerated() {
            var page: SearchPage
            var fingerprint = plan.reused[source.sourcePath]?.fingerprint
            if let made = fresh[source.sourcePath] {
                page = made
                fingerprint = plan.sourceFingerprints[source.sourcePath]
            } else if let record = plan.reused[source.sourcePath], let cached = previous?.pages[source.sourcePath],
                cached.fingerprint == record.fingerprint,
                cached.number == number || !output.isPatch,
                output.link(SearchPage.path(cached.number), from: plan.previousOutput, as: SearchPage.path(number))
            {
                page = cached.search
            } else {
                // Not in the cache (or its record file is gone): read and modelled again.
                let made = Self.index(source, site: site)
                page = made.page
                output.write(made.file, to: SearchPage.path(number), for: output.target, diagnostics: &diagnostics)
            }
            pages.append(page)
            if let fingerprint {
                cache.pages[source.sourcePath] = SearchCache.Page(
                    fingerprint: fingerprint, number: number, search: page)
            }
        }

        // The previous build's postings, changed for the edited pages only, so that only the shards of the terms
        // that changed are encoded again: `folio serve` keeps them in memory; a new process makes them again from
        // the cached pages when every page kept its number (an edit), and lays them out as that build did.
        var index: SearchIndexState
        if var kept = inMemory ? SearchIndexState.take(at: cachePath) : nil, previous != nil,
            kept.siteKey == cache.siteKey,
            kept.pages.count == pages.count
        {
            kept.update(to: pages)
            index = kept
        } else if let before = previous.flatMap({ Self.pages(of: site, in: $0) }) {
            index = SearchIndexState(siteKey: cache.siteKey, pages: before)
            _ = index.layOut()
            index.update(to: pages)
        } else {
            index = SearchIndexState(siteKey: cache.siteKey, pages: pages)
        }
        let changedGroups = index.layOut()
        do {
            try output.makeDirectories(for: [SearchIndex.indexPath, SearchIndex.path(shard: "a")])
        } catch {
            diagnostics.error("cannot write the search index: \(error.localizedDescription)", at: output.target)
            return
        }
        // A shard of a group with no changed term is the previous build's file; the others are encoded on every core.
        var encode: [SearchShards.Shard] = []
        for (key, shards) in index.shards.groups.sorted(by: { $0.key < $1.key }) {
            for shard in shards {
                let path = SearchIndex.path(shard: shard.key)
                if let changedGroups, !changedGroups.contains(key), let old = previousFiles[path.relative],
                    FileFingerprint(path: path.inside(plan.previousOutput)) == old.file,
                    output.link(path, from: plan.previousOutput)
                {
                    cache.files[path.relative] = old
                } else {
                    encode.append(shard)
                }
            }
        }
        // Each worker writes the shards it encodes: only a shard a core is in memory at once.
        let postings = index.postings
        let previousFiles = previousFiles
        let previousOutput = plan.previousOutput
        let placed = encode.parallelMap { shard in
            let path = SearchIndex.path(shard: shard.key)
            let bytes = SearchShards.encode(shard, postings: postings)
            return (
                path,
                Self.place(
                    bytes, at: path, previousFiles: previousFiles, previousOutput: previousOutput, output: output)
            )
        }
        for (path, (hash, problems)) in placed {
            cache.files[path.relative] = (hash, FileFingerprint.missing)
            diagnostics.report(problems)
        }
        place(
            SearchIndex.indexFile(records: index.postings.recordCount, keys: index.shards.keys),
            at: SearchIndex.indexPath, previousOutput: plan.previousOutput, output: output, diagnostics: &diagnostics)
        // Kept only by a long-running process (a single build frees the postings before it saves its cache).
        state = inMemory ? index : nil
    }

    /// Every page of `site` as `cache` holds it, by number; nil unless each is there under the number it has now.
    private static func pages(of site: Site, in cache: SearchCache) -> [SearchPage]? {
        var pages: [SearchPage] = []
        pages.reserveCapacity(site.pages.count)
        for (number, source) in site.pages.enumerated() {
            guard let cached = cache.pages[source.sourcePath], cached.number == number else { return nil }
            pages.append(cached.search)
        }
        return pages
    }

    /// Writes an index file, or links the previous build's when its contents are the same.
    private mutating func place(
        _ bytes: [UInt8], at path: OutputPath, previousOutput: String, output: OutputDirectory,
        diagnostics: inout Diagnostics
    ) {
        let (hash, problems) = Self.place(
            bytes, at: path, previousFiles: previousFiles, previousOutput: previousOutput, output: output)
        cache.files[path.relative] = (hash, FileFingerprint.missing)
        diagnostics.report(problems)
    }

    /// `place`, on any thread: returns the hash the cache keeps of the file, and the failure to write it.
    private static func place(
        _ bytes: [UInt8], at path: OutputPath, previousFiles: [String: (hash: UInt64, file: FileFingerprint)],
        previousOutput: String, output: OutputDirectory
    ) -> (hash: UInt64, problems: Diagnostics) {
        // Hashed only when there is a previous index to compare with (a clean build writes every file anyway).
        var hash = StableHash()
        if !previousFiles.isEmpty { hash.add(bytes) }
        let kept = previousFiles.isEmpty ? 0 : hash.value
        if let old = previousFiles[path.relative], old.hash != 0, old.hash == hash.value,
            FileFingerprint(path: path.inside(previousOutput)) == old.file,
            output.link(path, from: previousOutput)
        {
            return (kept, [])
        }
        var problems = Diagnostics()
        output.write(bytes, to: path, for: output.target, diagnostics: &problems)
        return (kept, problems)
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
        if inMemory, let state { SearchIndexState.keep(state, at: cachePath) }
    }

    /// A page the cache cannot give: read and modelled again.
    static func index(_ listed: PageSource, site: Site) -> (page: SearchPage, file: [UInt8]) {
        let page = PageLoader.reload(listed, site: site)
        return SearchPage.make(page.model, settings: PageSettings(page: page))
    }
}
