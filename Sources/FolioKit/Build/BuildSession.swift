import Foundation

/// Keeps the build cache in memory between builds of one long-running process (`folio serve`),
/// so a rebuild neither reads nor waits to write `.folio-cache/`; its files are written once the rebuilds pause
/// (`DeferredWrites`).
public final class BuildSession: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: BuildCache?
    private var cachePath: String?
    /// The last published build's link facts, by page number, and where their file is.
    private var facts: (path: String, kept: SiteFacts.Kept)?
    /// The last build's index of pages and tree, and the cache it went with (see `KeptSiteIndex`).
    private var index: (path: String, kept: KeptSiteIndex)?
    /// The content folder's files as the last build read them, and what the watcher saw change since (`KnownFiles`).
    private var known: KnownFiles?
    private var watched: WatchedChanges?
    /// Every page's file was found in the output after the last build published (`verifyOutputs`).
    private var outputsVerified = false
    /// The search index's cache and its state (its postings laid out in shards) as the last build left them.
    private var searchCache: (path: String, cache: SearchCache)?
    private var searchIndex: (path: String, state: SearchIndexState)?
    /// The last build's theme (see `KeptTheme`).
    private var theme: KeptTheme?
    /// The cache files, written once the rebuilds pause.
    let writes: DeferredWrites
    /// A copy of the output kept for the next rebuild's update (see `OutputStandby`).
    let standby = OutputStandby()
    /// The output folder as this process last published it: its path, device and inode.
    private var published: (output: String, identity: [Int])?

    public convenience init() { self.init(writes: DeferredWrites()) }

    init(writes: DeferredWrites) {
        self.writes = writes
        // What the waiting writes describe is gone once another process swapped its output in.
        writes.isCurrent = { [weak self] in self.map { !$0.outputReplaced() } ?? true }
    }

    /// This process has published `output` (swapped in or updated).
    func notePublished(_ output: String) {
        let identity = FileSystem.identity(of: output)
        lock.withLock { published = identity.map { (output, $0) } }
    }

    /// Whether another process has swapped its own build in where this one published (`folio build --drafts` beside
    /// `folio serve`): what the session keeps of the output — its cache, link facts, search index, spare copy — then
    /// describes a folder that is gone.
    func outputReplaced() -> Bool {
        guard let published = lock.withLock({ published }) else { return false }
        return FileSystem.identity(of: published.output) != published.identity
    }

    /// Forgets what the session keeps of the output, and the cache files waiting to be written for it: the next
    /// build takes the cache of whichever build made the output, from `.folio-cache/`, and a build with other
    /// options (drafts) renders every page again. A draft published that way stayed in the preview, and in every
    /// `folio build` after it, the preview's cache written over the other build's.
    func forgetOutput() {
        lock.withLock {
            cache = nil
            cachePath = nil
            facts = nil
            outputsVerified = false
            searchCache = nil
            searchIndex = nil
            published = nil
        }
        standby.discard()
        writes.discardWaiting()
    }

    func previous(at path: String) -> BuildCache? {
        lock.lock()
        defer { lock.unlock() }
        return cachePath == path ? cache : nil
    }

    func store(_ cache: BuildCache, at path: String) {
        lock.lock()
        self.cache = cache
        cachePath = path
        lock.unlock()
        writes.write(at: path) { cache.save(to: path) }
    }

    /// The last build's link facts, when its pages had the numbers and URLs they have in `site`.
    func linkFacts(for site: Site, siteKey: String, at path: String) -> SiteFacts.Kept? {
        lock.lock()
        defer { lock.unlock() }
        guard let facts, facts.path == path, facts.kept.fits(site, siteKey: siteKey) else { return nil }
        return facts.kept
    }

    func keep(_ facts: SiteFacts.Kept?, at path: String) {
        lock.lock()
        self.facts = facts.map { (path, $0) }
        lock.unlock()
    }

    /// Tells the session what its watcher saw change (a batch of changes, before the rebuild it causes).
    public func watcherSaw(_ changes: WatchedChanges) {
        lock.withLock { watched = watched.map { $0.merged(with: changes) } ?? changes }
    }

    /// The files the last read found, and what changed since (which the read takes: later changes are the next's).
    func filesForRead() -> (known: KnownFiles?, watched: WatchedChanges?) {
        lock.withLock {
            defer { watched = nil }
            return (known, watched)
        }
    }

    func keep(_ known: KnownFiles?) {
        lock.withLock { self.known = known }
    }

    /// Looks for every page's file in `output`, where the last build published them: `folio serve` does it after
    /// each rebuild, once the open pages have been told, so that the next rebuild need not (10,000 system calls on
    /// 10,000 pages, about 15 ms of a rebuild). False when one is missing (deleted behind the preview's back): the
    /// next rebuild then looks for each one itself, and renders again those that are gone.
    public func verifyOutputs(_ output: String) -> Bool {
        guard let cache = lock.withLock({ cache }) else { return false }
        let found = RenderPlan.missingOutputs(cache.pages.values.map(\.url), output: output).isEmpty
        lock.withLock { outputsVerified = found }
        return found
    }

    /// Whether `verifyOutputs` found every page's file since the last build: the answer holds for one build only.
    func takeOutputsVerified() -> Bool {
        lock.withLock {
            defer { outputsVerified = false }
            return outputsVerified
        }
    }

    func searchCache(at path: String) -> SearchCache? {
        lock.withLock { searchCache?.path == path ? searchCache?.cache : nil }
    }

    func keep(searchCache cache: SearchCache, at path: String) {
        lock.withLock { searchCache = (path, cache) }
    }

    /// The index's state the last successful build left, taken out (so that changing it copies nothing): a build
    /// that fails leaves none, and the next one starts from the pages.
    func takeSearchIndex(at path: String) -> SearchIndexState? {
        lock.withLock {
            guard let kept = searchIndex, kept.path == path else { return nil }
            searchIndex = nil
            return kept.state
        }
    }

    func keep(searchIndex state: SearchIndexState, at path: String) {
        lock.withLock { searchIndex = (path, state) }
    }

    /// The last build's theme, when it was made of the same files.
    func theme(madeOf files: [String: Theme.File]) -> KeptTheme? {
        lock.withLock { theme?.files == files ? theme : nil }
    }

    func keep(_ theme: KeptTheme) {
        lock.withLock { self.theme = theme }
    }

    func siteIndex(at path: String) -> KeptSiteIndex? {
        lock.withLock { index?.path == path ? index?.kept : nil }
    }

    func keep(_ index: KeptSiteIndex, at path: String) {
        lock.withLock { self.index = (path, index) }
    }

    /// Lets go of a build's values on another thread: freeing the plan and pages of a site of 10,000 pages takes
    /// 10 to 20 ms that a rebuild's result need not wait for. The caller gives them up (`consume`); the session holds
    /// them until that thread takes them out, so the last reference is always dropped there.
    func letGo<Values>(_ values: consuming Values) {
        lock.lock()
        lettingGo.append(LastReference(consume values))
        lock.unlock()
        releaser.async { [self] in
            lock.lock()
            let values = lettingGo.removeFirst()
            lock.unlock()
            withExtendedLifetime(values) {}
        }
    }

    private let releaser = DispatchQueue(label: "folio: a build's values let go")
    private var lettingGo: [AnyObject] = []

    private final class LastReference<Values> {
        let values: Values
        init(_ values: consuming Values) { self.values = values }
    }

    /// Writes the cache files still waiting, and removes the output's copy (before the process exits).
    public func flush() {
        standby.discard()
        writes.flush()
    }
}
