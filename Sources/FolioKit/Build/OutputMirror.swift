import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Brings a hard-linked copy of the output back in line with the output, as it is now: every name the output has,
/// each file a link to the output's own (the same inode), and nothing else.
///
/// `folio build`'s kept copy (`OutputStandby.persisted`) mirrored the output when the last build left it, but the
/// output may have changed since without a build: a file put in it or deleted from it by hand, part of
/// `.folio-cache/` deleted. Placed into as it was, the update would publish the copy's differences — a file of the
/// author's gone on one build and back on the next, a folder of pages missing. Folders are compared by their entries'
/// names and inode numbers as `readdir` gives them, without a `stat`: a copy that still mirrors the output costs a
/// read of each folder twice and nothing else.
enum OutputMirror {
    /// Makes `copy` mirror `output`; false when it could not (then the copy is of no use).
    static func sync(_ copy: String, with output: String) -> Bool {
        guard let copyFolder = opendir(copy) else { return false }
        defer { closedir(copyFolder) }
        guard let outputFolder = opendir(output) else { return false }
        defer { closedir(outputFolder) }
        do throws(FileError) {
            try sync(copyFolder, at: copy, with: outputFolder, at: output)
            return true
        } catch {
            return false
        }
    }

    /// Each folder is opened from its parent's open folder, not by its path.
    private static func sync(
        _ copyFolder: OpaquePointer, at copy: String, with outputFolder: OpaquePointer, at output: String
    ) throws(FileError) {
        var present: [String: DirectoryEntries.Entry] = [:]
        for entry in try DirectoryEntries.read(copyFolder, folder: copy) { present[entry.name] = entry }
        for entry in try DirectoryEntries.read(outputFolder, folder: output) {
            // A symbolic link put into the output: linked into the copy, deeper in another folder, a relative one
            // would lead elsewhere. The whole output's copy beside it, as without a kept copy, is made instead.
            if isLink(entry, in: output) { throw FileError("copy the symbolic link", output + "/" + entry.name) }
            let existing = present.removeValue(forKey: entry.name)
            if let existing, existing.inode == entry.inode, !isFolder(entry, in: output),
                !isFolder(existing, in: copy)
            {
                continue  // the same file: the copy mirrors it
            }
            let source = output + "/" + entry.name
            let destination = copy + "/" + entry.name
            if isFolder(entry, in: output) {
                if let existing, !isFolder(existing, in: copy) { try remove(destination) }
                if existing == nil || !isFolder(existing!, in: copy) {
                    try FileOperations.makeDirectory(destination)
                }
                guard let from = DirectoryEntries.open(entry.name, in: outputFolder) else {
                    throw FileError("read the folder", source)
                }
                defer { closedir(from) }
                guard let to = DirectoryEntries.open(entry.name, in: copyFolder) else {
                    throw FileError("read the folder", destination)
                }
                defer { closedir(to) }
                try sync(to, at: destination, with: from, at: source)
                continue
            }
            if existing != nil { try remove(destination) }
            if !FileOperations.link(source, destination) { throw FileError("link \(source) to", destination) }
        }
        for name in present.keys { try remove(copy + "/" + name) }
    }

    /// Whether `entry` of `folder` is a folder (readdir says, or on file systems that do not, `lstat`).
    private static func isFolder(_ entry: DirectoryEntries.Entry, in folder: String) -> Bool {
        if entry.type != Int32(DT_UNKNOWN) { return entry.type == Int32(DT_DIR) }
        var info = stat()
        return lstat(folder + "/" + entry.name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    private static func isLink(_ entry: DirectoryEntries.Entry, in folder: String) -> Bool {
        if entry.type != Int32(DT_UNKNOWN) { return entry.type == Int32(DT_LNK) }
        var info = stat()
        return lstat(folder + "/" + entry.name, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    private static func remove(_ path: String) throws(FileError) {
        CrashPoint.step()
        if unlink(path) == 0 || errno == ENOENT { return }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw FileError("remove", path)
        }
    }
}
