/// A theme as its files parsed into it, with what parsing them reported: `folio serve` keeps the last one and makes
/// it again only when a file of the theme changed (parsing the templates takes a few milliseconds of every rebuild).
final class KeptTheme: Sendable {
    let files: [String: Theme.File]
    let theme: Theme
    let diagnostics: Diagnostics

    init(files: [String: Theme.File]) {
        var diagnostics = Diagnostics()
        theme = Theme.load(files, diagnostics: &diagnostics)
        self.files = files
        self.diagnostics = diagnostics
    }
}
