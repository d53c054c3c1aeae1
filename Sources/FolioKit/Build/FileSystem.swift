import Foundation

/// The few file-system questions the commands ask before they start.
public enum FileSystem {
    public static func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }

    public static func isFile(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
    }

    /// The device and inode of what `path` names (through links): the same folder for as long as no other is put
    /// in its place. Nil when there is nothing there.
    static func identity(of path: String) -> [Int]? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return [Int(info.st_dev), Int(info.st_ino)]
    }
}

/// Finds the content folder a page belongs to: the nearest folder above it holding `site.yml`.
public enum PageLocator {
    public struct Located: Sendable {
        public var content: String
        public var sourcePath: String
        public var displayPath: String
    }

    public struct NotFound: Error, CustomStringConvertible {
        public var description: String
    }

    /// Why `page`, as typed for `folio model` or `folio appearance`, is no page file; nil when it is a file.
    public static func notAFile(_ page: String) -> String? {
        if FileSystem.isFile(page) { return nil }
        if FileSystem.isDirectory(page) {
            let folder = page.hasSuffix("/") ? String(page.dropLast()) : page
            return "'\(page)' is a folder: name one of its pages, such as '\(folder)/index.md'"
        }
        return "no file at '\(page)'"
    }

    public static func locate(_ page: String, content: String?) throws -> Located {
        let pageURL = URL(fileURLWithPath: page).standardizedFileURL
        var folder: URL
        if let content {
            folder = URL(fileURLWithPath: content).standardizedFileURL
        } else {
            folder = pageURL.deletingLastPathComponent()
            while !FileSystem.isFile(folder.appendingPathComponent("site.yml").path) {
                let up = folder.deletingLastPathComponent()
                if up.path == folder.path {
                    folder = pageURL.deletingLastPathComponent()
                    break
                }
                folder = up
            }
        }
        let prefix = folder.path.hasSuffix("/") ? folder.path : folder.path + "/"
        guard pageURL.path.hasPrefix(prefix) else {
            throw NotFound(description: "\(page) is not inside the content folder \(folder.path)")
        }
        let sourcePath = String(pageURL.path.dropFirst(prefix.count))
        let contentArgument = content ?? relativeToWorkingDirectory(folder.path)
        return Located(
            content: contentArgument, sourcePath: sourcePath, displayPath: FileTree.display(contentArgument, sourcePath)
        )
    }

    /// The error for a file that is no page of the site (`folio model`, `folio appearance`); `drafts`: whether the
    /// command counts drafts as pages.
    public static func notAPage(_ located: Located, drafts: Bool) -> String {
        let reasons =
            drafts ? "not a .md file, or a name starting with _ or ." : "a draft, or a name starting with _ or ."
        return "\(located.displayPath):1:1: error: not a page of the site in \(located.content) (\(reasons))"
    }

    private static func relativeToWorkingDirectory(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if path == cwd { return "." }
        return path.hasPrefix(cwd + "/") ? String(path.dropFirst(cwd.count + 1)) : path
    }
}
