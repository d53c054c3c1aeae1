import Foundation

/// Each page's facts as the build renders or reuses it: ids, links and what the published files need.
/// Pages render in parallel, so the store owns its lock.
final class SiteFacts: @unchecked Sendable {
    let site: Site
    /// The previous build's facts, trusted for a page only when its file's fingerprint matches.
    let cached: [String: PageFactsFile.Entry]
    private let lock = NSLock()
    private var entries: [String: PageFactsFile.Entry] = [:]
    /// Unchanged pages whose facts were not in the cache and had to be read again.
    private(set) var readAgain = 0

    init(site: Site, cached: [String: PageFactsFile.Entry]?) {
        self.site = site
        self.cached = cached ?? [:]
    }

    /// A page just rendered: its ids from its HTML; its model published when `models: true`.
    func rendered(_ page: Page, html: String, output: OutputDirectory) -> [Diagnostic] {
        let fingerprint = FileFingerprint(path: site.contentDirectory + "/" + page.sourcePath) ?? .missing
        store(page.sourcePath, PageFactsFile.Entry(fingerprint: fingerprint, facts: PageFacts(
            ids: AnchorScanner.ids(in: html), links: page.links, updated: Self.updated(page.source))))
        guard site.publishing.models else { return [] }
        let path = String(PublishedModel.path(for: page.url).dropFirst())
        if output.write(PublishedModel.encode(page.model, config: site.config), to: path) { return [] }
        return [.error("cannot write \(path) in the output folder", at: page.displayPath)]
    }

    /// A page taken unchanged from the previous output: its facts from the cache, else read again.
    func reused(_ source: PageSource, fingerprint: FileFingerprint, previousOutput: String, output: OutputDirectory?) {
        if site.publishing.models, let output {
            let path = String(PublishedModel.path(for: source.url).dropFirst())
            _ = output.link(from: previousOutput + "/" + path, to: path)
        }
        if let entry = cached[source.sourcePath], entry.fingerprint == fingerprint {
            store(source.sourcePath, entry)
            return
        }
        lock.lock()
        readAgain += 1
        lock.unlock()
        let (full, _) = SiteReader.readSource(source.sourcePath, root: site.contentDirectory, config: site.config)
        var listed = full
        listed.url = source.url
        let (page, _) = SiteReader.loadPage(listed, site: site)
        let html = (try? String(contentsOfFile: previousOutput + source.url + "index.html", encoding: .utf8)) ?? ""
        store(source.sourcePath, PageFactsFile.Entry(fingerprint: fingerprint, facts: PageFacts(
            ids: AnchorScanner.ids(in: html), links: page.links, updated: Self.updated(full))))
    }

    private func store(_ path: String, _ entry: PageFactsFile.Entry) {
        lock.lock()
        entries[path] = entry
        lock.unlock()
    }

    func facts(for sourcePath: String) -> PageFacts? {
        lock.lock()
        defer { lock.unlock() }
        return entries[sourcePath]?.facts
    }

    /// Every page's entry, for the next build.
    var all: [String: PageFactsFile.Entry] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }

    static func updated(_ source: PageSource) -> String? {
        guard let value = source.front.params.first(where: { $0.key == "updated" })?.value else { return nil }
        switch value {
        case .string(let text): return text
        default: return nil
        }
    }
}
