/// Front matter `image:` (the picture of a page's link previews, `og:image`) checked as an image link of the body is:
/// a path, relative to the page's file or from the site root, must name a file of the site. Checked as the page
/// renders: the site's files are in the site key, so a file added or removed renders every page again.
enum FrontMatterImage {
    /// A warning at the `image:` line when its path leads to no file of the content folder or the theme's assets.
    static func check(_ page: Page, site: Site, theme: Theme, diagnostics: inout Diagnostics) {
        guard let value = page.front.params.first(where: { $0.key == "image" })?.value else { return }
        let position = page.front.imagePosition
        guard case .string(let written) = value else {
            // A list, a mapping or a number is no link preview's picture: said, rather than left out silently
            // (YAML's null leaves the key unset).
            if value != .null {
                diagnostics.warning(
                    "'image' must be one path or URL; left out (link previews show the page's first image)",
                    at: page.displayPath, line: position?.line ?? 1, column: position?.column ?? 1)
            }
            return
        }
        guard !written.isEmpty, !LinkPolicy.hasScheme(written), !written.hasPrefix("//"),
            let path = PageMeta.image(of: page)
        else { return }
        let file = String(LinkPolicy.splitSuffix(path).0.dropFirst())
        if site.links.staticFiles.contains(file) { return }
        if file.hasPrefix("assets/"), theme.assets[String(file.dropFirst("assets/".count))] != nil { return }
        diagnostics.warning(
            "image '\(written)': the site has no file /\(file) (a front matter image is relative to the page's file, or from the site's root with /)",
            at: page.displayPath, line: position?.line ?? 1, column: position?.column ?? 1)
    }
}
