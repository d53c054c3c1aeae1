import Foundation

/// Each page's facts as the build renders or reuses it, kept small: a page's ids as one joined string, and of its
/// links only what the site-wide check still needs (a page's own links are dropped as soon as it is written).
/// The full facts go straight to the cache file (`stream`), or stay in memory for `folio serve` (`keepEntries`),
/// which also hands the compact form on to its next build (`kept`), so that a rebuild takes an unchanged page's
/// facts as they are. Pages render in parallel, so the store owns its lock.
final class SiteFacts: @unchecked Sendable {
    let site: Site
    /// The previous build's facts, trusted for a page only when its file's fingerprint matches; read by the render's
    /// workers without the lock, let go of once they are done (`releaseCachedFacts`).
    private var cached: CachedFacts
    private let lock = NSLock()
    private let stream: PageFactsFile.Stream?
    private let keepEntries: Bool
    /// The last build's facts in the form this one keeps them, when every page has the same number (`folio serve`).
    private let last: Kept?
    /// Per page, in site order, with `keepEntries`: its full facts.
    private var entries: [PageFactsFile.Entry?]
    /// Unchanged pages whose facts were not in the cache and had to be read again.
    private(set) var readAgain = 0

    /// Page number by URL, for links; the pages themselves are known by their numbers (in site order). Let go of
    /// after the render when nothing after it looks a page up (`releaseCachedFacts`).
    private var indexByURL: [String: Int]
    /// Per page, in site order: its ids joined by NUL (no id holds one); nil until the page is built.
    private var ids: [String?]
    private var updated: [String?]
    private var links: SiteLinks
    /// The pages stored by this build (only with `last`): the others hold the last build's facts.
    private var stored: Set<Int> = []
    /// What this build's link check found broken, and the files it checked against (for the next build's check).
    private var brokenAnchors: [LinkCheck.BrokenAnchor]?
    private var checkedFiles: Set<String> = []
    /// The last `folio build`'s link check, when this build is an edit of the site it checked (see `LastCheck`).
    private let lastCheck: LastCheck?
    /// With `lastCheck`: the unchanged pages, by number, whose facts were left in the cache file (each one's file's
    /// fingerprint), taken only if the edit's check needs them after all (`takeLeftFacts`).
    private var left: [Int: FileFingerprint] = [:]
    private var leftOutput = ""

    /// What the last `folio build` found checking the links of the site as it was before an edit of some of its pages,
    /// whose facts it had then (`edited`: each one's number and file's fingerprint then). The record is of that site
    /// when its key is the key of this site with the edited pages' fingerprints as they were, and each of them has the
    /// URL it had: the unchanged pages' links were checked against the same pages, URLs and files as now, so what they
    /// found still holds as long as the edited pages keep their ids (see `checkEdits`).
    struct LastCheck: Sendable {
        var record: LinkCheckRecord
        /// The files the record's check took as existing besides the pages: this build's.
        var files: Set<String>
        var edited: [Int: FileFingerprint]
    }

    /// What a build of `folio serve` keeps of its facts for the next: each page's facts as the check reads them, by
    /// page number. The next build takes a page's as they are when its file is unchanged, as long as every page has
    /// the same number and URL (the links are resolved to numbers) and the site key is the same (the ids come from
    /// the theme's HTML too).
    struct Kept: Sendable {
        fileprivate var siteKey: String
        fileprivate var sourcePaths: [String]
        fileprivate var urls: [String]
        fileprivate var indexByURL: [String: Int]
        fileprivate var entries: [PageFactsFile.Entry?]
        fileprivate var ids: [String?]
        fileprivate var updated: [String?]
        fileprivate var links: SiteLinks
        fileprivate var brokenAnchors: [LinkCheck.BrokenAnchor]?
        fileprivate var checkedFiles: Set<String>

        /// Whether a build of `site` with `siteKey` can take these facts by page number.
        func fits(_ site: Site, siteKey: String) -> Bool {
            guard self.siteKey == siteKey, sourcePaths.count == site.pages.count else { return false }
            for index in site.pages.indices
            where site.pages[index].sourcePath != sourcePaths[index] || site.pages[index].url != urls[index] {
                return false
            }
            return true
        }
    }

    /// - Parameters:
    ///   - stream: where each page's full facts are written as soon as they are known (the next build's cache).
    ///   - keepEntries: also keep the full facts in memory (`folio serve` keeps them between builds).
    ///   - last: the last build's `kept` facts, when they `fit` this build's site.
    ///   - lastCheck: the last `folio build`'s check, when this build is an edit of the site it checked.
    init(
        site: Site, cached: CachedFacts?, stream: PageFactsFile.Stream? = nil, keepEntries: Bool = true,
        last: Kept? = nil, lastCheck: LastCheck? = nil
    ) {
        self.site = site
        self.cached = cached ?? CachedFacts()
        self.stream = stream
        self.keepEntries = keepEntries
        self.last = last
        self.lastCheck = keepEntries || last != nil ? nil : lastCheck
        if let last {
            // Every page starts with the last build's facts: an unchanged page keeps them (`reused` checks its
            // fingerprint), any other page's are replaced when it is stored.
            indexByURL = last.indexByURL
            ids = last.ids
            updated = last.updated
            links = last.links
            entries = keepEntries ? last.entries : []
            return
        }
        var byURL: [String: Int] = [:]
        byURL.reserveCapacity(site.pages.count)
        for index in site.pages.indices { byURL[site.pages[index].url] = index }
        indexByURL = byURL
        links = SiteLinks(pageCount: site.pages.count)
        ids = Array(repeating: nil, count: site.pages.count)
        updated = Array(repeating: nil, count: site.pages.count)
        entries = Array(repeating: nil, count: keepEntries ? site.pages.count : 0)
    }

    /// A page just rendered, page number `number` of the site: its ids from its HTML; its model published when
    /// `models: true`.
    func rendered(
        _ page: Page, number: Int, fingerprint: FileFingerprint, html: [UInt8], output: OutputDirectory,
        diagnostics: inout Diagnostics
    ) {
        let ids = html.withUnsafeBufferPointer { AnchorScanner.ids(in: $0) }
        store(
            number, page.sourcePath,
            PageFactsFile.Entry(
                fingerprint: fingerprint,
                facts: PageFacts(ids: ids, links: page.links, updated: Self.updated(page))))
        guard site.publishing.models else { return }
        let path = OutputPath(sitePath: PublishedModel.path(for: page.url))
        output.write(
            PublishedModel.encode(page.model, config: site.config), to: path, for: page.displayPath,
            diagnostics: &diagnostics)
    }

    /// A page taken unchanged from the previous output, page number `number`: its facts from the cache, else read
    /// again.
    func reused(
        _ source: PageSource, number: Int, fingerprint: FileFingerprint, previousOutput: String,
        output: OutputDirectory?
    ) {
        if site.publishing.models, let output {
            _ = output.reuse(OutputPath(sitePath: PublishedModel.path(for: source.url)), from: previousOutput)
        }
        // Its slot holds the last build's facts already (see `init`): nothing to store, no lock to take.
        if let last, last.entries[number]?.fingerprint == fingerprint { return }
        // `folio serve` keeps every page's facts whole; `folio build` only what the check needs.
        if keepEntries, let entry = cached.entry(for: source.sourcePath, fingerprint: fingerprint) {
            return store(number, source.sourcePath, entry)
        }
        if lastCheck != nil, leave(number, source.sourcePath, fingerprint: fingerprint, previousOutput: previousOutput)
        {
            return
        }
        if !keepEntries, takeCompact(number, source.sourcePath, fingerprint: fingerprint) { return }
        lock.lock()
        readAgain += 1
        lock.unlock()
        readFactsAgain(source, number: number, fingerprint: fingerprint, previousOutput: previousOutput)
    }

    /// An unchanged page's facts that are not in the cache: its Markdown read again, its ids from its output.
    private func readFactsAgain(_ source: PageSource, number: Int, fingerprint: FileFingerprint, previousOutput: String)
    {
        let page = PageLoader.reload(source, site: site)
        // Read as a source is: a named pipe in its place is not waited on.
        let html = (try? SourceText.bytes(source.outputPath.inside(previousOutput)).get()) ?? []
        store(
            number, source.sourcePath,
            PageFactsFile.Entry(
                fingerprint: fingerprint,
                facts: PageFacts(
                    ids: html.withUnsafeBufferPointer { AnchorScanner.ids(in: $0) }, links: page.links,
                    updated: Self.updated(page))))
    }

    /// Lets go of the previous build's facts once every unchanged page has taken its own (after the render, before
    /// the build's end): the text of a 100,000-page site's file is 197 MB. Not to be called while pages render.
    /// Facts left in it for an edit's check are let go of by the check.
    func releaseCachedFacts() {
        lock.lock()
        defer { lock.unlock() }
        if left.isEmpty { cached = CachedFacts() }
        // Pages are looked up by URL as they are stored, and after the render only by an edit's check (`lastCheck`)
        // and `folio serve`'s next build (`kept`): a full `folio build` lets the table go before its peak (a 6 MB
        // dictionary for 100,000 pages).
        if lastCheck == nil, !keepEntries { indexByURL = [:] }
    }

    private func store(_ index: Int, _ path: String, _ entry: PageFactsFile.Entry) {
        // Outside the lock: the compact form, the links resolved and the cache record are made by the page's own
        // worker (in `folio serve`, for every page when the pages' numbers or URLs changed since the last build).
        let joined = Self.joined(entry.facts.ids)
        let resolved = SiteLinks.resolve(entry.facts.links, pageURLs: indexByURL)
        if let stream { stream.append(PageFactsFile.record(path, entry)) }
        set(index, ids: joined, updated: entry.facts.updated, links: resolved, entry: entry)
    }

    /// Takes an unchanged page's facts from its record in the cache straight into the form the check keeps (no
    /// `PageLink` a link), the record written to the next build's file as it was; false when the cache has none.
    private func takeCompact(_ index: Int, _ path: String, fingerprint: FileFingerprint) -> Bool {
        cached.withRecord(for: path, fingerprint: fingerprint) { record -> Bool? in
            guard let compact = PageFactsFile.decodeCompact(record, pageURLs: indexByURL) else { return nil }
            stream?.append(record)
            set(index, ids: compact.ids, updated: compact.updated, links: compact.links)
            return true
        } ?? false
    }

    /// Leaves an unchanged page's facts in the cache, its record written to the next build's file as it was and its
    /// `updated:` taken: an edit's check needs them only if an edited page's ids changed (`checkEdits`); false when
    /// the cache has none.
    private func leave(_ index: Int, _ path: String, fingerprint: FileFingerprint, previousOutput: String) -> Bool {
        cached.withRecord(for: path, fingerprint: fingerprint) { record -> Bool? in
            guard let page = PageFactsFile.pageUpdated(record) else { return nil }
            stream?.append(record)
            lock.lock()
            defer { lock.unlock() }
            updated[index] = page.value
            left[index] = fingerprint
            leftOutput = previousOutput
            return true
        } ?? false
    }

    /// Takes the facts left in the cache (`leave`) after all, on both cores, for a check of every page. (A record whose
    /// first line read but not the rest, which its file's checksum rules out, is read again and written twice to the
    /// next build's file, where the last one counts.)
    private func takeLeftFacts() {
        let pages = Array(left)
        let half = pages.count / 2
        func take(_ part: ArraySlice<(key: Int, value: FileFingerprint)>) {
            for (number, fingerprint) in part {
                if let compact = cachedCompact(number, fingerprint: fingerprint) {
                    set(number, ids: compact.ids, updated: compact.updated, links: compact.links)
                } else {
                    readFactsAgain(
                        site.pages[number], number: number, fingerprint: fingerprint, previousOutput: leftOutput)
                }
            }
        }
        _ = concurrently({ take(pages[..<half]) }, { take(pages[half...]) })
    }

    /// Page number `page`'s facts as the cache holds them for its file at `fingerprint`, in the check's form.
    private func cachedCompact(_ page: Int, fingerprint: FileFingerprint) -> PageFactsFile.Compact? {
        cached.withRecord(for: site.pages[page].sourcePath, fingerprint: fingerprint) { record in
            PageFactsFile.decodeCompact(record, pageURLs: indexByURL)
        }
    }

    private func set(
        _ index: Int, ids joined: String, updated: String?, links resolved: SiteLinks.Resolved,
        entry: PageFactsFile.Entry? = nil
    ) {
        lock.lock()
        defer { lock.unlock() }
        ids[index] = joined
        self.updated[index] = updated
        links.set(resolved, page: index)
        if keepEntries { entries[index] = entry }
        if last != nil { stored.insert(index) }
    }

    /// Front matter `updated:` of built page number `page`, for the sitemap's `lastmod`.
    func updated(page: Int) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return updated.indices.contains(page) ? updated[page] : nil
    }

    /// The site-wide link check, once every page is built; `files` are the site paths of every other file of the output.
    /// `listsExternalLinks: false` leaves the result's list of external links empty.
    func check(files: Set<String>, strict: Bool, listsExternalLinks: Bool = true, diagnostics: inout Diagnostics)
        -> LinkCheck.Result
    {
        if lastCheck != nil {
            if let result = checkEdits(files: files, strict: strict, listsExternalLinks: listsExternalLinks) {
                diagnostics.report(result.findings)
                releaseLeftFacts()
                return result.result
            }
            takeLeftFacts()
            releaseLeftFacts()
        }
        lock.lock()
        defer { lock.unlock() }
        var check = LinkCheck(site: site, ids: ids, links: links, files: files, strict: strict)
        check.listsExternalLinks = listsExternalLinks
        check.recheck = recheck(files: files)
        // Checked once a build: the anchors and links are not needed after it, but by `folio serve`'s next build.
        if !keepEntries { links = SiteLinks(pageCount: 0) }
        let result = check.run(diagnostics: &diagnostics)
        if keepEntries { (brokenAnchors, checkedFiles) = (result.brokenAnchors, files) }
        return result
    }

    /// The check of an edit of some pages (`lastCheck.edited`), when the last check's record answers for the others:
    /// the edited pages' links are checked, the other pages' findings are the record's. nil — every page is then
    /// checked — when an edited page has other ids than before (an anchor into it from another page could break or
    /// mend) or a broken link (its "did you mean" would depend on the pages checked before it), or when the record
    /// made suggestions under a spent budget or looked for Markdown files that are no pages (a file skipped for its
    /// name, `_notes.md`, can come or go without changing its key).
    private func checkEdits(files: Set<String>, strict: Bool, listsExternalLinks: Bool) -> (
        result: LinkCheck.Result, findings: [Diagnostic]
    )? {
        lock.lock()
        defer { lock.unlock() }
        guard let lastCheck, lastCheck.files == files, lastCheck.record.note == nil,
            !lastCheck.record.looksAtContentFiles, readAgain == 0,
            left.count + lastCheck.edited.count == site.pages.count
        else { return nil }
        var internalBefore = 0
        for (page, fingerprint) in lastCheck.edited {
            guard let before = cachedCompact(page, fingerprint: fingerprint), let now = ids[page], before.ids == now
            else { return nil }
            internalBefore += before.links.internalCount
        }
        // The ids of the pages the edited pages' anchors lead to, from the cache.
        for page in lastCheck.edited.keys {
            for anchor in links.pages[page].anchors where ids[Int(anchor.target)] == nil {
                let target = Int(anchor.target)
                guard let fingerprint = left[target], let facts = cachedCompact(target, fingerprint: fingerprint)
                else { return nil }
                ids[target] = facts.ids
            }
        }
        var check = LinkCheck(site: site, ids: ids, links: links, files: files, strict: strict)
        check.listsExternalLinks = listsExternalLinks
        check.recheck = LinkCheck.Recheck(pages: Set(lastCheck.edited.keys), brokenBefore: [])
        check.checksNav = false
        var found = Diagnostics()
        var result = check.run(diagnostics: &found)
        guard found.isEmpty, result.note == nil else { return nil }
        let edited = Set(lastCheck.edited.keys.map { site.pages[$0].displayPath })
        result.internalLinks = lastCheck.record.internalLinks - internalBefore + result.internalLinks
        if listsExternalLinks {
            result.external = lastCheck.record.external.replacing(
                edited, with: result.external, order: site.pages.map(\.displayPath))
        }
        links = SiteLinks(pageCount: 0)
        return (result, lastCheck.record.findings.filter { !edited.contains($0.path) })
    }

    /// Lets go of the facts left in the cache for an edit's check, once it is done.
    private func releaseLeftFacts() {
        lock.lock()
        defer { lock.unlock() }
        left = [:]
        cached = CachedFacts()
    }

    /// Only the stored pages' anchors are checked again when the other pages hold the last build's facts, the last
    /// check's findings are known, the output's other files are the same and no stored page has other ids than
    /// before (an anchor into it from a page not stored could then break or mend): what an edit of a page's text is.
    private func recheck(files: Set<String>) -> LinkCheck.Recheck? {
        guard let last, let before = last.brokenAnchors, last.checkedFiles == files else { return nil }
        for page in stored where ids[page] != last.ids[page] { return nil }
        return LinkCheck.Recheck(pages: stored, brokenBefore: before)
    }

    /// This build's facts for the next build of the same process (only with `keepEntries`).
    func kept(siteKey: String) -> Kept? {
        guard keepEntries else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return Kept(
            siteKey: siteKey, sourcePaths: site.pages.map(\.sourcePath), urls: site.pages.map(\.url),
            indexByURL: indexByURL, entries: entries, ids: ids, updated: updated,
            links: links, brokenAnchors: brokenAnchors, checkedFiles: checkedFiles)
    }

    /// Every page's entry, for the next build (only with `keepEntries`).
    var all: [String: PageFactsFile.Entry] {
        lock.lock()
        defer { lock.unlock() }
        var all: [String: PageFactsFile.Entry] = [:]
        all.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let entry { all[site.pages[index].sourcePath] = entry }
        }
        return all
    }

    /// Saves the facts for the next build: the finished stream, else the entries kept in memory (gathered by path
    /// on the writer's thread, in a long-running process's `session`).
    func save(siteKey: String, to path: String, session: BuildSession?) {
        if let stream {
            stream.finish()
        } else if keepEntries {
            PageFactsFile.save(siteKey: siteKey, to: path, session: session) { self.all }
        }
    }

    /// A page's ids joined by NUL (no id holds one), in a string of their size: every page's are kept to the check,
    /// and `joined(separator:)`, which grows its result as it goes, left about a third of their memory spare.
    static func joined(_ ids: [String]) -> String {
        let size = ids.reduce(max(0, ids.count - 1)) { $0 + $1.utf8.count }
        return String(unsafeUninitializedCapacity: size) { buffer in
            var at = 0
            for (index, id) in ids.enumerated() {
                if index > 0 {
                    buffer[at] = 0
                    at += 1
                }
                at += UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(from: id.utf8).1
            }
            return at
        }
    }

    static func updated(_ page: Page) -> String? {
        guard let value = page.front.params.first(where: { $0.key == "updated" })?.value else { return nil }
        switch value {
        case .string(let text): return text
        default: return nil
        }
    }
}
