import Yams

/// The site.yml keys of what a deployed site gets besides its pages: `models:` and `feeds:`.
struct PublishConfig: Sendable, Equatable {
    struct Feeds: Sendable, Equatable {
        enum Content: String, Sendable, CaseIterable { case full, summary }
        var enabled = true
        /// Top-level folders whose dated pages are entries (`blog`, `news/2026`); empty: every folder.
        var folders: [String] = []
        var limit = 20
        var content = Content.full
    }

    var models = false
    var feeds = Feeds()

    /// Reads `models:` and `feeds:` from site.yml, reporting a wrong value at its position.
    static func parse(_ bytes: [UInt8], path: String, diagnostics: inout Diagnostics) -> PublishConfig {
        var config = PublishConfig()
        guard !bytes.isEmpty, case .success(let text) = SourceText.decode(bytes) else { return config }
        var ignored = Diagnostics()  // syntax errors: reported when site.yml was read
        guard let document = YAMLDocument.parse(text, path: path, diagnostics: &ignored) else { return config }
        for entry in document.entries {
            switch entry.key {
            case "models": config.models = document.bool(entry, &diagnostics) ?? false
            case "feeds": config.feeds = feeds(entry, document, &diagnostics)
            default: break
            }
        }
        return config
    }

    private static func feeds(_ entry: YAMLDocument.Entry, _ document: YAMLDocument, _ diagnostics: inout Diagnostics)
        -> Feeds
    {
        var feeds = Feeds()
        if case .scalar = entry.node {
            feeds.enabled = document.bool(entry, &diagnostics) ?? true
            return feeds
        }
        guard case .mapping(let mapping) = entry.node else {
            diagnostics.report(
                document.error("'feeds' must be false or a mapping of folders, limit and content", entry))
            return feeds
        }
        for (key, value) in mapping {
            let item = YAMLDocument.Entry(
                key: key.string ?? "", node: value, keyLine: (key.mark?.line ?? 1),
                keyColumn: key.mark?.column ?? 1, line: value.mark?.line ?? entry.line, column: value.mark?.column ?? 1)
            switch item.key {
            case "folders":
                feeds.folders = (document.strings(item, &diagnostics) ?? []).map {
                    $0.split(separator: "/").joined(separator: "/")
                }
            case "limit": feeds.limit = document.int(item, in: 1...10000, &diagnostics) ?? 20
            case "content":
                let value = document.string(item, &diagnostics) ?? "full"
                if let content = Feeds.Content(rawValue: value) {
                    feeds.content = content
                } else {
                    diagnostics.report(document.error("'feeds.content' must be full or summary, not '\(value)'", item))
                }
            case "enabled": feeds.enabled = document.bool(item, &diagnostics) ?? true
            default:
                diagnostics.report(
                    .warning(
                        "unknown key 'feeds.\(item.key)'; feeds reads folders, limit, content and enabled",
                        at: document.path, line: item.keyLine, column: item.keyColumn))
            }
        }
        return feeds
    }
}
