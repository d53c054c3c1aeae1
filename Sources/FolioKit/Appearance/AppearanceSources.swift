import Foundation

extension AppearanceConfig {
    /// The theme's `appearance.yml`, then the site's `Content/appearance.yml` (SPEC §6, rising precedence).
    static func load(theme: Theme, contentDirectory: String, diagnostics: inout [Diagnostic]) -> AppearanceConfig {
        var files: [AppearanceFile] = []
        if let file = theme.appearance {
            switch UTF8Check.decode(file.bytes) {
            case .success(let text): files.append(AppearanceFile(path: file.displayPath, text: text))
            case .failure(let position):
                diagnostics.append(.error("appearance.yml is not valid UTF-8", at: file.displayPath,
                    line: position.line, column: position.column))
            }
        }
        let sitePath = contentDirectory + "/appearance.yml"
        let display = FileTree.display(contentDirectory, "appearance.yml")
        if let data = FileManager.default.contents(atPath: sitePath) {
            switch UTF8Check.decode([UInt8](data)) {
            case .success(let text): files.append(AppearanceFile(path: display, text: text))
            case .failure(let position):
                diagnostics.append(.error("appearance.yml is not valid UTF-8", at: display, line: position.line, column: position.column))
            }
        }
        return load(files, diagnostics: &diagnostics)
    }
}
