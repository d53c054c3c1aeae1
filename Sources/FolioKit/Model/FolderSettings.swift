import Foundation

/// `_folder.yml` in a content folder: the title, description, weight and page size of the folder's generated page.
public struct FolderSettings: Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var weight: Int?
    public var paginate: Int?

    public init(title: String? = nil, description: String? = nil, weight: Int? = nil, paginate: Int? = nil) {
        self.title = title
        self.description = description
        self.weight = weight
        self.paginate = paginate
    }

    static let fileName = "_folder.yml"

    /// Reads the `_folder.yml` of every folder that holds pages; the bytes go into the site key.
    static func read(root: String, folders: Set<String>, diagnostics: inout Diagnostics) -> (
        settings: [String: FolderSettings], bytes: [UInt8]
    ) {
        var settings: [String: FolderSettings] = [:]
        var bytes: [UInt8] = []
        for folder in folders.sorted() {
            let relative = folder.isEmpty ? fileName : folder + "/" + fileName
            guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
            bytes += Array(relative.utf8) + [0] + [UInt8](data) + [0]
            let display = FileTree.display(root, relative)
            let text: String
            switch SourceText.decode([UInt8](data)) {
            case .success(let decoded): text = decoded
            case .failure(let failure):
                diagnostics.report(SourceText.diagnostic(failure, at: display, what: fileName))
                continue
            }
            settings[folder] = parse(text, path: display, diagnostics: &diagnostics)
        }
        return (settings, bytes)
    }

    static func parse(_ text: String, path: String, diagnostics: inout Diagnostics) -> FolderSettings {
        var settings = FolderSettings()
        guard let document = YAMLDocument.parse(text, path: path, diagnostics: &diagnostics) else { return settings }
        for entry in document.entries {
            switch entry.key {
            case "title": settings.title = document.string(entry, &diagnostics)
            case "description": settings.description = document.string(entry, &diagnostics)
            case "weight": settings.weight = document.int(entry, in: Int.min...Int.max, &diagnostics)
            case "paginate": settings.paginate = document.int(entry, in: 1...10_000, &diagnostics)
            default:
                diagnostics.report(
                    document.error(
                        "unknown key '\(entry.key)' in \(fileName): use title, description, weight or paginate", entry))
            }
        }
        return settings
    }
}
