import Foundation

/// Keeps the build cache in memory between builds of one long-running process (`folio serve`),
/// so a rebuild neither reads nor waits to write `.folio-cache/`; the file is written in the background.
public final class BuildSession: @unchecked Sendable {
    private let lock = NSLock()
    private var cache: BuildCache?
    private var cachePath: String?
    /// The last published build's link facts, by page number.
    private var facts: SiteFacts.Kept?
    private let writer = DispatchQueue(label: "folio: build cache writer")
    /// A copy of the output kept for the next rebuild's update (see `OutputStandby`).
    let standby = OutputStandby()

    public init() {}

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
        writer.async { cache.save(to: path) }
    }

    /// The last build's link facts, when its pages had the numbers and URLs they have in `site`.
    func linkFacts(for site: Site, siteKey: String) -> SiteFacts.Kept? {
        lock.lock()
        defer { lock.unlock() }
        guard let facts, facts.fits(site, siteKey: siteKey) else { return nil }
        return facts
    }

    func keep(_ facts: SiteFacts.Kept?) {
        lock.lock()
        self.facts = facts
        lock.unlock()
    }

    /// Waits until the cache file is written, and removes the output's copy (before the process exits).
    public func flush() {
        standby.discard()
        writer.sync {}
    }
}
