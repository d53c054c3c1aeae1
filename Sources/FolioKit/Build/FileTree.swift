import Foundation

/// Directory walks with stable order, skipping names that start with `_` or `.` where asked.
enum FileTree {
    /// Regular files below `root`, as `/`-separated relative paths, sorted.
    static func regularFiles(under root: String, skipUnderscore: Bool = false) -> [String] {
        var result: [String] = []
        walk(root, prefix: "", skipUnderscore: skipUnderscore, into: &result)
        return result.sorted()
    }

    private static func walk(_ directory: String, prefix: String, skipUnderscore: Bool, into result: inout [String]) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            if name.hasPrefix(".") || (skipUnderscore && name.hasPrefix("_")) { continue }
            let path = directory + "/" + name
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                walk(path, prefix: prefix + name + "/", skipUnderscore: skipUnderscore, into: &result)
            } else {
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
