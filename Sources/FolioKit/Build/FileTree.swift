import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Names that no build lists and no watcher of `folio serve` reports: hidden files and folders (`.`), editor
/// backups (`~`), and `4913`, the file Vim makes and removes at once to test a folder before it saves. The same for
/// both, so that a rebuild that starts from the files the watcher reported finds what a build's walk would.
public enum IgnoredNames {
    public static func contains(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name == "4913"
    }
}

/// Directory walks with stable order, skipping ignored names (`IgnoredNames`) and, where asked, names that start
/// with `_`.
enum FileTree {
    /// The regular files below a folder, and the symbolic links the walk did not follow.
    struct Listing {
        /// `/`-separated paths relative to the root, sorted.
        var files: [String] = []
        /// A warning at each link left out (pointing outside the root, into a loop, or nowhere); an error at each
        /// folder that could not be read.
        var diagnostics = Diagnostics()
        /// The real paths of the folders links led the walk into: sources too.
        var linkedFolders: [String] = []
        /// Whether the walk met a symbolic link (followed or not): what it lists may then lie outside the root.
        var metLinks = false
    }

    /// Regular files below `root`, as `/`-separated relative paths, sorted.
    ///
    /// A symbolic link is followed only when its target lies inside `root` (or anywhere, with `followSymlinks`),
    /// and never into a folder the walk is already inside: that would loop. Each link left out is a warning.
    static func list(
        _ root: String, skipUnderscore: Bool = false, followSymlinks: Bool = false, diagnostics: inout Diagnostics
    ) -> [String] {
        let listing = listing(root, skipUnderscore: skipUnderscore, followSymlinks: followSymlinks)
        diagnostics.report(listing.diagnostics)
        return listing.files
    }

    /// `list`, with its warnings and whether the walk met a link, for the caller to report.
    static func listing(_ root: String, skipUnderscore: Bool, followSymlinks: Bool) -> Listing {
        var listing = Listing()
        guard let real = realPath(root) else { return listing }
        let walk = Walk(root: root, realRoot: real, skipUnderscore: skipUnderscore, followSymlinks: followSymlinks)
        walk.visit(root, prefix: "", realDirectory: real, inside: [real], into: &listing)
        listing.files.sort()
        return listing
    }

    private struct Walk {
        let root: String
        let realRoot: String
        let skipUnderscore: Bool
        let followSymlinks: Bool

        /// `inside`: the real paths of the folders this walk is in, to tell a loop from a second way to one folder.
        func visit(
            _ directory: String, prefix: String, realDirectory: String, inside: [String], into listing: inout Listing
        ) {
            // readdir's entry types spare a stat per file; links and unknown types are asked about with lstat.
            let entries: [DirectoryEntries.Entry]
            do {
                entries = try DirectoryEntries.read(directory)
            } catch {
                // Skipped, the site would lose the folder's pages without a word: a build that cannot see a
                // folder stops, as one that cannot read a page does.
                let shown =
                    prefix.isEmpty ? FileTree.displayRoot(root) : FileTree.display(root, String(prefix.dropLast()))
                listing.diagnostics.report(
                    .error(
                        "cannot read this folder (\(error.reason)): its files would be left out of the site; "
                            + "make it readable, or move it out of \(FileTree.displayRoot(root))/", at: shown))
                return
            }
            for entry in entries {
                let name = entry.name
                if IgnoredNames.contains(name) || (skipUnderscore && name.hasPrefix("_")) { continue }
                let path = directory + "/" + name
                var type = entry.type
                if type != Int32(DT_DIR) && type != Int32(DT_REG) && type != Int32(DT_LNK) {
                    var info = stat()
                    guard lstat(path, &info) == 0 else { continue }
                    switch info.st_mode & S_IFMT {
                    case S_IFDIR: type = Int32(DT_DIR)
                    case S_IFREG: type = Int32(DT_REG)
                    case S_IFLNK: type = Int32(DT_LNK)
                    default: continue
                    }
                }
                if type == Int32(DT_REG) {
                    listing.files.append(prefix + name)
                } else if type == Int32(DT_DIR) {
                    let real = realDirectory + "/" + name
                    visit(
                        path, prefix: prefix + name + "/", realDirectory: real, inside: inside + [real], into: &listing)
                } else {
                    link(path, relative: prefix + name, inside: inside, into: &listing)
                }
            }
        }

        /// A symbolic link: followed, or left out with a warning that names its target.
        private func link(_ path: String, relative: String, inside: [String], into listing: inout Listing) {
            listing.metLinks = true
            let shown = FileTree.display(root, relative)
            let rootName = FileTree.displayRoot(root)
            guard let target = realPath(path) else {
                let loop = errno == ELOOP
                let text = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                let problem = loop ? "which leads back to itself through other links" : "which does not exist"
                listing.diagnostics.report(
                    .warning("symbolic link to \(text), \(problem): skipped; fix the link or remove it", at: shown))
                return
            }
            if !followSymlinks && !FileTree.contains(realRoot, target) {
                listing.diagnostics.report(
                    .warning(
                        "symbolic link to \(target), outside \(rootName)/: not followed; copy what it points to into \(rootName)/, "
                            + "or set 'followSymlinks: true' in site.yml to follow links that leave it", at: shown))
                return
            }
            var info = stat()
            guard stat(target, &info) == 0 else { return }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                listing.files.append(relative)
            case S_IFDIR:
                if inside.contains(where: { FileTree.contains(target, $0) }) {
                    listing.diagnostics.report(
                        .warning(
                            "symbolic link to \(target), a folder that contains the link: not followed, it would loop forever; "
                                + "remove the link", at: shown))
                    return
                }
                listing.linkedFolders.append(target)
                visit(path, prefix: relative + "/", realDirectory: target, inside: inside + [target], into: &listing)
            default:
                break
            }
        }
    }

    /// Where the file `root/name` leads when it is a symbolic link whose target lies outside `root` (which
    /// `followSymlinks` allows); nil when it may be read: not a link, a link inside `root`, or a file that is not there.
    static func linkOutside(_ name: String, in root: String, followSymlinks: Bool) -> String? {
        guard !followSymlinks, let realRoot = realPath(root), let target = realPath(root + "/" + name) else {
            return nil
        }
        return contains(realRoot, target) ? nil : target
    }

    /// Whether `path` is `folder` or lies inside it (both real, absolute paths).
    static func contains(_ folder: String, _ path: String) -> Bool {
        folder == "/" || path == folder || path.hasPrefix(folder + "/")
    }

    /// The path with every symbolic link, `.` and `..` resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// How a path inside `root` is shown in messages: as the user would type it.
    static func display(_ root: String, _ relative: String) -> String {
        var root = root
        if root.hasPrefix("./") { root.removeFirst(2) }
        return root.isEmpty || root == "." ? relative : root + "/" + relative
    }

    /// The root itself as the user would type it, without a trailing slash (`Content`).
    static func displayRoot(_ root: String) -> String {
        var root = root
        if root.hasPrefix("./") { root.removeFirst(2) }
        while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
        return root.isEmpty ? "." : root
    }
}
