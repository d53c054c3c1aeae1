import Foundation
import PackagePlugin

/// Compiles the repository's `Templates/` (the default theme) into `DefaultTheme.swift`.
@main
struct EmbedDefaultTheme: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let theme = context.package.directoryURL.appending(path: "Templates")
        let files = themeFiles(under: theme)
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultTheme.swift")
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "ThemeEmbedder").url,
                arguments: [theme.path(percentEncoded: false), output.path(percentEncoded: false)]
                    + files.map { $0.path(percentEncoded: false) },
                inputFiles: files,
                outputFiles: [output]
            )
        ]
    }

    private func themeFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        else {
            return []
        }
        var files: [URL] = []
        for case let url as URL in walker
        where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            if !url.lastPathComponent.hasPrefix(".") { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }
}
