import Foundation

/// The build step that writes the search index (`search/` in the output): the entries of the pages this build
/// rendered come from their render workers, those of the pages it reused from the search cache, so an edit
/// re-indexes only the edited pages; index files whose contents did not change are kept, not written again.
struct SearchBuild {
    let cachePath: String
    /// `folio serve`'s: the search cache and the index's state stay in it from one build to the next.
    let session: BuildSession?
    private(set) var cache: SearchCache
    private var previousFiles: [String: (hash: UInt64, file: FileFingerprint)] = [:]
    /// The index this build wrote, kept in memory once it is published.
    private var state: SearchIndexState?
    /// Where the pages' terms went as they were rendered, when this build rendered every page: the cache to be.
    private var stream: SearchPageStream?

    init(buildCache: String, siteKey: String, session: BuildSession?) {
        cachePath = SearchCache.location(buildCache: buildCache)
        self.session = session
        cache = SearchCache(siteKey: siteKey)
    }

    /// Writes the index into the output being built, from the terms of the pages this build rendered (`fresh`, or
    /// written out to `stream` as they came) and of those it reused; a file it cannot write is an error in
    /// `diagnostics`.
    mutating func write(
        site: Site, plan: RenderPlan, fresh: [String: SearchPage], stream: SearchPageStream? = nil,
        output: OutputDirectory, diagnostics: inout Diagnostics
    ) {
        // The last index's files this one no longer has leave with the update, in the same step (a whole output is
        // built without them). Without their list (every page's terms made anew, or no search cache to read), the
        // last output's shards are looked for: a word no page has any more left its shard behind for good.
        defer {
            if output.isPatch {
                let previous = previousFiles.isEmpty ? Self.shards(in: plan.previousOutput) : Array(previousFiles.keys)
                for path in previous where cache.files[path] == nil { output.remove(OutputPath(path)) }
            }
        }
        if let stream {
            return write(site: site, plan: plan, stream: stream, output: output, diagnostics: &diagnostics)
        }
        var previous: SearchCache?
        if !plan.reused.isEmpty, let loaded = SearchCache.load(from: cachePath, session: session),
            loaded.siteKey == cache.siteKey
        {
            previous = loaded
            previousFiles = loaded.files
        }
        var pages: [SearchPage] = []
        pages.reserveCapacity(site.pages.count)
        // The previous build's entries, each page's replaced below when it changed (none copied into a new
        // dictionary a page at a time). Its site key is this build's: it has no page this site has not.
        if let previous { cache.pages = previous.pages }
        for (number, source) in site.pages.enumerated() {
            var page: SearchPage
            let record = plan.reused[source.sourcePath]
            var fingerprint = record?.fingerprint
            if let made = fresh[source.sourcePath] {
                page = made
                fingerprint = plan.sourceFingerprints[source.sourcePath]
            } else if let record, let cached = previous?.pages[source.sourcePath],
                cached.fingerprint == record.fingerprint,
                cached.number == number || !output.isPatch,
                output.reuse(SearchPage.path(cached.number), from: plan.previousOutput, as: SearchPage.path(number))
            {
                page = cached.search
                if cached.number == number {  // its entry is the previous build's
                    pages.append(page)
                    continue
                }
            } else {
                // Not in the cache (or its record file is gone): read and modelled again.
                let made = Self.index(source, site: site)
                page = made.page
                output.write(made.file, to: SearchPage.path(number), for: output.target, diagnostics: &diagnostics)
            }
            pages.append(page)
            cache.pages[source.sourcePath] = fingerprint.map {
                SearchCache.Page(fingerprint: $0, number: number, search: page)
            }
        }

        guard makeDirectories(output, diagnostics: &diagnostics) else { return }
        // The previous build's pages by number, when each kept its number (an edit): only the shards of the terms
        // whose postings changed are encoded again.
        func before() -> [SearchPage]? { previous.flatMap { Self.pages(of: site, in: $0) } }
        guard let session else {
            let before = before()
            writeInBatches(
                pages: pages, changedGroups: before.map { SearchTermCounts.changedGroups(from: $0, to: pages) },
                plan: plan, output: output, diagnostics: &diagnostics)
            return
        }
        // `folio serve` keeps the postings and changes them for the edited pages only.
        var index: SearchIndexState
        if var kept = session.takeSearchIndex(at: cachePath), previous != nil, kept.siteKey == cache.siteKey,
            kept.pages.count == pages.count
        {
            kept.update(to: pages)
            index = kept
        } else if let before = before() {
            index = SearchIndexState(siteKey: cache.siteKey, pages: before)
            _ = index.layOut()
            index.update(to: pages)
        } else {
            index = SearchIndexState(siteKey: cache.siteKey, pages: pages)
        }
        let changedGroups = index.layOut()
        let postings = index.postings
        encode(
            shardsToEncode(
                index.shards, changedGroups: changedGroups, previousOutput: plan.previousOutput, output: output),
            postings: { _ in postings }, previousOutput: plan.previousOutput, output: output, diagnostics: &diagnostics)
        place(
            SearchIndex.indexFile(records: index.postings.recordCount, keys: index.shards.keys),
            at: SearchIndex.indexPath, previousOutput: plan.previousOutput, output: output, diagnostics: &diagnostics)
        state = index
    }

    /// The index of a build that rendered every page and wrote their terms out as they came (`stream`, which becomes
    /// the search cache when the output is published).
    private mutating func write(
        site: Site, plan: RenderPlan, stream: SearchPageStream, output: OutputDirectory, diagnostics: inout Diagnostics
    ) {
        self.stream = stream
        // A page no worker added (its output could not be written): read and modelled again.
        for number in stream.missing {
            let made = Self.index(site.pages[number], site: site)
            output.write(made.file, to: SearchPage.path(number), for: output.target, diagnostics: &diagnostics)
            stream.add(made.page, number: number, sourcePath: site.pages[number].sourcePath, fingerprint: .missing)
        }
        guard makeDirectories(output, diagnostics: &diagnostics) else { return }
        writeInBatches(
            pages: stream, counts: stream.takeCounts(), changedGroups: nil, plan: plan, output: output,
            diagnostics: &diagnostics)
        if let failure = stream.failure {
            diagnostics.error("cannot write the search index: \(failure)", at: stream.path)
        }
    }

    /// The index of a build that does not keep it: the shards laid out from each term's count (`counts`, else
    /// counted from the pages), then the postings of a batch of shards at a time made, encoded and let go. With
    /// `changedGroups` (an edit), only the shards of those groups are encoded again.
    private mutating func writeInBatches(
        pages: some SearchPages, counts: SearchTermCounts? = nil, changedGroups: Set<String>?, plan: RenderPlan,
        output: OutputDirectory, diagnostics: inout Diagnostics
    ) {
        let counts = counts ?? SearchTermCounts(pages: pages)
        var shards = SearchShards()
        _ = shards.update(counts)
        let groups = shardsToEncode(
            shards, changedGroups: changedGroups, previousOutput: plan.previousOutput, output: output)
        for batch in SearchPostingsBatch.batches(groups, counts: counts, limit: SearchPostingsBatch.limit(counts)) {
            encode(
                batch, postings: { SearchPostingsBatch(pages: pages, counts: counts, groups: $0) },
                previousOutput: plan.previousOutput, output: output, diagnostics: &diagnostics)
        }
        place(
            SearchIndex.indexFile(records: counts.recordCount, keys: shards.keys), at: SearchIndex.indexPath,
            previousOutput: plan.previousOutput, output: output, diagnostics: &diagnostics)
    }

    /// The shard files in an output's index (`search/s/…`), as output paths.
    private static func shards(in output: String) -> [String] {
        let folder = SearchIndex.folder + "/s"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: output + "/" + folder)) ?? []
        return names.map { folder + "/" + $0 }
    }

    private func makeDirectories(_ output: OutputDirectory, diagnostics: inout Diagnostics) -> Bool {
        do {
            try output.makeDirectories(for: [SearchIndex.indexPath, SearchIndex.path(shard: "a")])
            return true
        } catch {
            diagnostics.error("cannot write the search index: \(error.localizedDescription)", at: output.target)
            return false
        }
    }

    /// The shards to encode, by group: a shard of a group with no changed term (`changedGroups`; nil: every group
    /// changed) is the previous build's file, linked into the output, unless that file is gone.
    private mutating func shardsToEncode(
        _ shards: SearchShards, changedGroups: Set<String>?, previousOutput: String, output: OutputDirectory
    ) -> SearchPostingsBatch.Groups {
        var encode: SearchPostingsBatch.Groups = []
        for (key, group) in shards.groups.sorted(by: { $0.key < $1.key }) {
            var changed: [SearchShards.Shard] = []
            for shard in group {
                let path = SearchIndex.path(shard: shard.key)
                if let changedGroups, !changedGroups.contains(key), let old = previousFiles[path.relative],
                    FileFingerprint(path: path.inside(previousOutput)) == old.file,
                    output.link(path, from: previousOutput)
                {
                    cache.files[path.relative] = old
                } else {
                    changed.append(shard)
                }
            }
            if !changed.isEmpty { encode.append((key, changed)) }
        }
        return encode
    }

    /// Encodes the shards of `groups` on every core, each worker writing the shards it encodes (only a shard a
    /// core is in memory at once), from the postings `postings` makes for them.
    private mutating func encode<Postings: SearchPostingLists>(
        _ groups: SearchPostingsBatch.Groups, postings: (SearchPostingsBatch.Groups) -> Postings,
        previousOutput: String, output: OutputDirectory, diagnostics: inout Diagnostics
    ) {
        let postings = postings(groups)
        let previousFiles = previousFiles
        let placed = groups.flatMap(\.shards).parallelMap { shard in
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

    /// After the output is published: notes each file as published and saves the cache (in a long-running process,
    /// `session`, once its rebuilds pause).
    mutating func finish(output: OutputDirectory) {
        for path in Array(cache.files.keys) {
            cache.files[path]?.file = FileFingerprint(path: output.target + "/" + path) ?? .missing
        }
        if let stream {
            stream.finish(files: cache.files)
        } else {
            cache.save(to: cachePath, session: session)
        }
        if let session, let state { session.keep(searchIndex: state, at: cachePath) }
    }

    /// A page the cache cannot give: read and modelled again.
    static func index(_ listed: PageSource, site: Site) -> (page: SearchPage, file: [UInt8]) {
        let page = PageLoader.reload(listed, site: site)
        return SearchPage.make(page.model, settings: PageSettings(page: page))
    }
}
