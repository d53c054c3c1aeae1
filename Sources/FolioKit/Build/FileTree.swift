import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Directory walks with stable order, skipping names that start with `_` or `.` where asked.
enum FileTree {
    /// Regular files below `root`, as `/`-separated relative paths, sorted.
    static func regularFiles(under root: String, skipUnderscore: Bool = false) -> [String] {
        var result: [String] = []
        walk(root, prefix: "", skipUnderscore: skipUnderscore, into: &result)
        return result.sorted()
    }

    private static func walk(_ directory: String, prefix: String, skipUnderscore: Bool, into result: inout [String]) {
        // readdir's entry types spare a stat per file; links and unknown types are asked about with stat.
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasPrefix(".") || (skipUnderscore && name.hasPrefix("_")) { continue }
            let path = directory + "/" + name
            var isDirectory = Int32(entry.pointee.d_type) == Int32(DT_DIR)
            var isFile = Int32(entry.pointee.d_type) == Int32(DT_REG)
            if !isDirectory && !isFile {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                isDirectory = info.st_mode & S_IFMT == S_IFDIR
                isFile = info.st_mode & S_IFMT == S_IFREG
            }
            if isDirectory {
                walk(path, prefix: prefix + name + "/", skipUnderscore: skipUnderscore, into: &result)
            } else if isFile {
                result.append(prefix + name)
            }
        }
    }

    /// How a path inside `root` is shown in messages: as the user would type it.
    static func display(_ root: String, _ relative: String) -> String {
        var root = root
        if root.hasPrefix("./") { root.removeFirst(2) }
        return root.isEmpty || root == "." ? relative : root + "/" + relative
    }
}
