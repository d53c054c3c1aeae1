import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The output folder is never a source: checked before `folio build` or `folio serve` writes anything.
///
/// A build replaces its output folder as a whole, so the folder must not hold, or be held by, anything the
/// author keeps: the content, the theme, the folder the command runs in. Only a folder Folio made (it holds
/// `.folio-output`) or an empty one is replaced without `--force`.
public enum OutputSafety {
    /// Written into every output folder: the mark of a folder Folio made and may replace.
    public static let markerName = ".folio-output"
    static let markerText =
        "This folder is built by Folio. Every build replaces it as a whole: keep no other files here.\n"

    /// Why an output folder is refused, said to the person who chose it.
    public struct Refusal: Error, CustomStringConvertible {
        public var description: String
    }

    /// Returns why `output` must not be built into, or nil when it may be.
    /// `content` and `templates` are the folders the build reads, as the user typed them.
    public static func check(output: String, content: String, templates: String?, force: Bool) -> Refusal? {
        // `Public/` and `Public/.` name the folder `Public`, and a link `Public` itself: looked at, not through.
        let output = named(output)
        let shown = FileTree.displayRoot(output)
        if output.hasSuffix("/..") {
            return Refusal(
                description: "the output \(shown) ends in '..'; name the output folder itself, such as --output Public")
        }
        var info = stat()
        if lstat(output, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                let target = FileTree.realPath(output).map { " to \($0)" } ?? ""
                return Refusal(
                    description: "the output \(shown) is a symbolic link\(target); Folio replaces its output folder "
                        + "as a whole and does not do that through a link: pass the real folder as --output, or remove the link"
                )
            case S_IFDIR:
                break
            default:
                return Refusal(
                    description: "the output \(shown) is a file, not a folder; a build would replace it: "
                        + "pass another --output, or move the file away")
            }
        }

        // `afile/Public`: no folder can be made under a file.
        var parent = Substring(output)
        while let slash = parent.lastIndex(of: "/"), slash > parent.startIndex {
            parent = parent[..<slash]
            var info = stat()
            guard stat(String(parent), &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR { break }
            return Refusal(
                description: "the output \(shown) lies under \(parent), which is a file, not a folder: "
                    + "pass another --output")
        }

        let real = resolve(output)
        let here = resolve(".")
        if FileTree.contains(real, here) {
            let what = real == here ? "is the current folder" : "contains the current folder"
            return Refusal(
                description: "the output \(shown) \(what); a build would replace it, and everything in it: "
                    + "pass a folder inside the current one, such as --output Public")
        }
        // Not with --force either: a home folder holds far more than a site (`--output ~` for `--output ~/site`).
        for home in homeFolders() where FileTree.contains(real, home) {
            let what = real == home ? "is your home folder" : "contains your home folder"
            return Refusal(
                description: "the output \(shown) \(what); a build would replace it, and everything in it, even with "
                    + "--force: pass a folder of its own, such as --output Public")
        }
        var sources: [(name: String, shown: String, real: String)] = [
            ("content folder", FileTree.displayRoot(content), resolve(content))
        ]
        if let templates { sources.append(("templates folder", FileTree.displayRoot(templates), resolve(templates))) }
        // With `followSymlinks: true` the build reads the folders links in the content and the theme lead to: they
        // are sources too.
        if followsLinks(content: content) {
            sources += sources.flatMap { source in
                FileTree.listing(source.real, skipUnderscore: false, followSymlinks: true).linkedFolders.map {
                    ("folder linked from the \(source.name)", $0, $0)
                }
            }
        }
        // Not the folder refused: `Public` may be the one a link in the content leads to.
        let example = shown.split(separator: "/").last == "Public" ? "Site" : "Public"
        for source in sources {
            if real == source.real {
                return Refusal(
                    description: "the output \(shown) is the \(source.name) itself; a build would replace it "
                        + "with the built site: pass another --output, such as \(example)")
            }
            if FileTree.contains(source.real, real) {
                return Refusal(
                    description: "the output \(shown) lies inside the \(source.name) \(source.shown); each build "
                        + "would read the last one's output as a source: pass an --output outside \(source.shown), such as \(example)"
                )
            }
            if FileTree.contains(real, source.real) {
                return Refusal(
                    description: "the output \(shown) contains the \(source.name) \(source.shown); a build would "
                        + "replace it, and your files with it: pass an --output beside \(source.shown), such as \(example)"
                )
            }
        }

        if !force && FileSystem.isDirectory(output) && !isReplaceable(output) {
            return Refusal(
                description: "the output \(shown) is a folder Folio did not make (it has no \(markerName)) and it is "
                    + "not empty; a build replaces the whole folder: empty it or pass another --output, "
                    + "or pass --force to replace it and everything in it")
        }
        return nil
    }

    /// The user's home folder, as `HOME` and the user database name it.
    static func homeFolders() -> [String] {
        var homes: [String] = []
        if let home = getenv("HOME") { homes.append(String(cString: home)) }
        if let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir {
            homes.append(String(cString: directory))
        }
        return Array(Set(homes.filter { !$0.isEmpty }.map(resolve)))
    }

    /// Whether the content's site.yml sets `followSymlinks: true`.
    static func followsLinks(content: String) -> Bool {
        guard case .success(let text) = SourceText.read(content + "/site.yml") else { return false }
        var diagnostics = Diagnostics()
        return SiteConfigParser.parse(text, path: "site.yml", diagnostics: &diagnostics).followSymlinks
    }

    /// The output folder as the build names it: without trailing slashes or `.` (`Public/.` is `Public`).
    public static func named(_ output: String) -> String {
        var output = output
        while output.count > 1 && (output.hasSuffix("/") || output.hasSuffix("/.")) {
            output.removeLast(output.hasSuffix("/") ? 1 : 2)
        }
        return output
    }

    /// `named(output)` as the build writes it: with a `..` before its last name taken (`Public/../Site` is `Site`'s
    /// absolute path), as the kernel cannot go through a `Public` that does not exist yet, and the staging folder
    /// beside the output is named from the path as written. The output itself is not resolved: a link is refused.
    public static func located(_ output: String) -> String {
        let output = named(output)
        let parts = output.split(separator: "/")
        guard let last = parts.last, last != "..", parts.dropLast().contains(".."),
            let slash = output.lastIndex(of: "/")
        else { return output }
        let parent = resolve(String(output[..<slash]))
        return (parent == "/" ? "" : parent) + "/" + last
    }

    /// Empty, or marked as Folio's. A build cache for this content and output is no proof: it outlives the folder,
    /// and a folder the author made at the same path would be replaced with it (an output of a Folio older than the
    /// mark needs `--force` once).
    static func isReplaceable(_ output: String) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: output) else { return false }
        return names.isEmpty || names.contains(markerName)
    }

    /// Whether the folder carries the mark (its in-place updates keep it; the first build of an older output adds it).
    static func isMarked(_ output: String) -> Bool {
        access(output + "/" + markerName, F_OK) == 0
    }

    /// The absolute path `path` names, with every symbolic link and `..` of its existing part resolved;
    /// what does not exist yet is appended as written (`..` there taken lexically).
    static func resolve(_ path: String) -> String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var resolved = "/"
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." {
                resolved = URL(fileURLWithPath: resolved).deletingLastPathComponent().path
                continue
            }
            let next = resolved == "/" ? "/" + part : resolved + "/" + part
            resolved = FileTree.realPath(next) ?? next
        }
        return resolved
    }
}
