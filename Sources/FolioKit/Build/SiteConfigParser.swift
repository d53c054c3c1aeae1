/// Reads `site.yml`, reporting every wrong value at its own position.
enum SiteConfigParser {
    static func parse(_ text: String, path: String, diagnostics: inout Diagnostics) -> SiteConfig {
        var config = SiteConfig()
        guard let document = YAMLDocument.parse(text, path: path, diagnostics: &diagnostics) else { return config }
        var sawTitle = false
        for entry in document.entries {
            switch entry.key {
            case "title":
                config.title = document.string(entry, &diagnostics) ?? ""
                sawTitle = true
            case "baseURL":
                guard let url = document.string(entry, &diagnostics) else { break }
                if let problem = SiteConfig.baseURLProblem(url) {
                    diagnostics.report(document.error("'baseURL' \(problem)", entry))
                } else {
                    config.baseURL = url
                }
            case "language": config.language = document.string(entry, &diagnostics) ?? "en"
            case "description": config.description = document.string(entry, &diagnostics)
            case "author": config.author = document.string(entry, &diagnostics)
            case "sectionLevel": config.sectionLevel = document.int(entry, in: 1...6, &diagnostics) ?? 2
            case "unsafeHTML": config.unsafeHTML = document.bool(entry, &diagnostics) ?? false
            case "followSymlinks": config.followSymlinks = document.bool(entry, &diagnostics) ?? false
            case "search": config.search = document.bool(entry, &diagnostics) ?? true
            case "nav": config.nav = nav(entry, document, &diagnostics)
            case "maxPageSize": config.maxPageSize = maxPageSize(entry, document, &diagnostics) ?? config.maxPageSize
            case "paginate": config.paginate = document.int(entry, in: 1...10_000, &diagnostics) ?? 20
            case "toc": config.tocLevels = tocLevels(entry, document, &diagnostics)
            default: config.params.append((entry.key, YAMLDocument.value(entry.node)))
            }
        }
        if !sawTitle {
            diagnostics.report(.error("site.yml has no 'title': add a line like 'title: My Site'", at: path))
        }
        return config
    }

    /// `maxPageSize: 10 MB` or a number of bytes.
    private static func maxPageSize(
        _ entry: YAMLDocument.Entry, _ document: YAMLDocument, _ diagnostics: inout Diagnostics
    ) -> Int? {
        if case .scalar(let scalar) = entry.node, let bytes = ByteCount.parse(scalar.string) { return bytes }
        diagnostics.report(
            document.error(
                "'maxPageSize' must be a size like 10 MB, 512 KB or a number of bytes, not '\(entry.node.string ?? "a list or mapping")'",
                entry))
        return nil
    }

    /// `toc: false`, `toc: 3` or `toc: 2-4`.
    private static func tocLevels(
        _ entry: YAMLDocument.Entry, _ document: YAMLDocument, _ diagnostics: inout Diagnostics
    ) -> ClosedRange<Int>? {
        let text = entry.node.string ?? ""
        if text == "false" { return nil }
        if let levels = TableOfContents.levels(text) { return levels }
        diagnostics.report(document.error("'toc' must be false or heading levels like 2-3", entry))
        return 2...3
    }

    private static func nav(_ entry: YAMLDocument.Entry, _ document: YAMLDocument, _ diagnostics: inout Diagnostics)
        -> [SiteConfig.NavItem]?
    {
        guard case .sequence(let sequence) = entry.node else {
            diagnostics.report(document.error("'nav' must be a list of {title, url}", entry))
            return nil
        }
        var items: [SiteConfig.NavItem] = []
        for item in sequence {
            guard case .mapping(let mapping) = item, let title = mapping["title"]?.string,
                let url = mapping["url"]?.string
            else {
                diagnostics.report(
                    .error(
                        "each 'nav' item needs a 'title' and a 'url'", at: document.path,
                        line: item.mark?.line ?? entry.line, column: item.mark?.column ?? entry.column))
                continue
            }
            if LinkPolicy.isDangerous(url, isImage: false) {
                diagnostics.report(
                    .error(
                        "'nav' url '\(url)' uses a scheme Folio never emits", at: document.path,
                        line: item.mark?.line ?? entry.line, column: item.mark?.column ?? entry.column))
                continue
            }
            let mark = mapping["url"]?.mark
            items.append(
                .init(title: title, url: url, line: mark?.line ?? entry.line, column: mark?.column ?? entry.column))
        }
        return items
    }
}
