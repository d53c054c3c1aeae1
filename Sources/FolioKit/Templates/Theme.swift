import Foundation
import Mustache

/// The templates, assets and appearance file of a theme: the user's `Templates/` over the default theme in the binary.
public struct Theme: Sendable {
    /// A file of the theme: from the user's folder, or embedded in `folio`.
    public struct File: Sendable {
        /// Path relative to the theme root (`layouts/default.mustache`).
        public var path: String
        /// What to show in messages: the user's path, or `(default theme)/…`.
        public var displayPath: String
        public var bytes: [UInt8]
    }

    let library: MustacheLibrary
    /// Every file of the theme, the user's over the default's: what a build's output depends on.
    let files: [File]
    public let layouts: Set<String>
    /// `assets/**` files, by path below `assets/`.
    public let assets: [String: File]
    public let appearance: File?
    /// False while `components/heading` is the default theme's, which the view renderer then writes directly.
    let hasCustomHeading: Bool
    /// False while `partials/tree-item` is the default theme's, which the sidebar then writes directly.
    let hasCustomTreeItem: Bool

    /// Loads the theme, reporting template syntax errors and missing partials with their positions.
    public static func load(directory: String?, diagnostics: inout [Diagnostic]) -> Theme {
        var files: [String: File] = [:]
        for (path, bytes) in DefaultTheme.files {
            files[path] = File(path: path, displayPath: "(default theme)/" + path, bytes: bytes)
        }
        if let directory {
            for path in FileTree.regularFiles(under: directory) {
                guard let data = FileManager.default.contents(atPath: directory + "/" + path) else { continue }
                files[path] = File(path: path, displayPath: FileTree.display(directory, path), bytes: [UInt8](data))
            }
        }

        var library = MustacheLibrary()
        var layouts: Set<String> = []
        var texts: [(name: String, file: File, text: String)] = []
        var assets: [String: File] = [:]
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            if path.hasPrefix("assets/") {
                assets[String(path.dropFirst("assets/".count))] = file
                continue
            }
            guard path.hasSuffix(".mustache"), let name = templateName(path) else { continue }
            // A layout that fails to load still exists: pages naming it get its error, not "unknown layout".
            if path.hasPrefix("layouts/") { layouts.insert(String(name.dropFirst("layouts/".count))) }
            let text: String
            switch UTF8Check.decode(file.bytes) {
            case .success(let decoded): text = decoded
            case .failure(let position):
                diagnostics.append(.error("template is not valid UTF-8: save it as UTF-8", at: file.displayPath,
                    line: position.line, column: position.column))
                continue
            }
            do {
                library.register(try MustacheTemplate(string: text), named: name)
                texts.append((name, file, text))
            } catch let error as MustacheTemplate.ParserError {
                diagnostics.append(.error("template syntax: \(describe(error.error))", at: file.displayPath,
                    line: error.context.lineNumber, column: error.context.columnNumber))
            } catch {
                diagnostics.append(.error("template syntax: \(error)", at: file.displayPath))
            }
        }
        for (_, file, text) in texts {
            for reference in PartialReference.scan(text) where library.getTemplate(named: reference.name) == nil {
                diagnostics.append(.error(
                    "missing partial '\(reference.name)': add Templates/partials/\(reference.name).mustache",
                    at: file.displayPath, line: reference.line, column: reference.column))
            }
        }
        let heading = "components/heading.mustache"
        return Theme(
            library: library, files: Array(files.values), layouts: layouts, assets: assets, appearance: files["appearance.yml"],
            hasCustomHeading: files[heading]?.bytes != DefaultTheme.files[heading],
            hasCustomTreeItem: files["partials/tree-item.mustache"]?.bytes != DefaultTheme.files["partials/tree-item.mustache"])
    }

    /// `layouts/x.mustache` → `layouts/x`, `components/x.mustache` → `components/x`, `partials/x.mustache` → `x`.
    static func templateName(_ path: String) -> String? {
        let bare = String(path.dropLast(".mustache".count))
        if bare.hasPrefix("partials/") { return String(bare.dropFirst("partials/".count)) }
        if bare.hasPrefix("layouts/") || bare.hasPrefix("components/") { return bare }
        return nil
    }

    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    private static func describe(_ error: Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a closing tag does not match the section it closes"
        case .unfinishedName: return "a tag is not closed with }}"
        case .expectedSectionEnd: return "a section is never closed: add {{/name}}"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .transformAppliedToInheritanceSection: return "a transform cannot apply to an inheritance section"
        case .illegalTokenInsideInheritSection: return "only {{$block}} overrides may stand inside {{<parent}}"
        case .textInsideInheritSection: return "only {{$block}} overrides may stand inside {{<parent}}"
        case .invalidConfigVariableSyntax: return "a {{% config }} tag is malformed"
        case .unrecognisedConfigVariable: return "unknown {{% config }} variable"
        }
    }
}

/// `{{> name}}` and `{{< name}}` tags in a template's text, with their positions.
enum PartialReference {
    struct Reference: Equatable {
        var name: String
        var line: Int
        var column: Int
    }

    static func scan(_ text: String) -> [Reference] {
        var references: [Reference] = []
        var line = 1
        var column = 1
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "{", text[index...].hasPrefix("{{>") || text[index...].hasPrefix("{{<") {
                let start = text.index(index, offsetBy: 3)
                if let close = text[start...].firstIndex(of: "}") {
                    let name = text[start..<close].trimmingWhitespace()
                    if !name.isEmpty, !name.hasPrefix("*") { references.append(Reference(name: name, line: line, column: column)) }
                }
            }
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
            index = text.index(after: index)
        }
        return references
    }
}
