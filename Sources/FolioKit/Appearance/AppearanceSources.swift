import Foundation

extension AppearanceConfig {
    /// The theme's `appearance.yml`, then the site's `Content/appearance.yml` (SPEC §6, rising precedence).
    /// `followSymlinks`: site.yml's setting; without it, a link leading outside the content folder is not read (the
    /// walk of the folder warns about it).
    static func load(
        theme: Theme, contentDirectory: String, followSymlinks: Bool, diagnostics: inout Diagnostics
    ) -> AppearanceConfig {
        var files: [AppearanceFile] = []
        if let file = theme.appearance {
            switch SourceText.decode(file.bytes) {
            case .success(let text): files.append(AppearanceFile(path: file.displayPath, text: text))
            case .failure(let failure):
                diagnostics.report(SourceText.diagnostic(failure, at: file.displayPath, what: "appearance.yml"))
            }
        }
        let display = FileTree.display(contentDirectory, "appearance.yml")
        if FileTree.linkOutside("appearance.yml", in: contentDirectory, followSymlinks: followSymlinks) != nil {
            return load(files, diagnostics: &diagnostics)
        }
        switch SourceText.read(contentDirectory + "/appearance.yml") {
        case .success(let text): files.append(AppearanceFile(path: display, text: text))
        case .failure(.unreadable): break  // the site has no appearance.yml of its own
        case .failure(let failure):
            diagnostics.report(SourceText.diagnostic(failure, at: display, what: "appearance.yml"))
        }
        return load(files, diagnostics: &diagnostics)
    }
}
