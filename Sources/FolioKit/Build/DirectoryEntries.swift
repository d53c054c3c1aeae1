import Foundation

/// The names and types in one folder, read with `readdir`, which spares a `stat` per file.
///
/// glibc hands out each entry at its real length, which can be shorter than `sizeof(struct dirent)`: copying the
/// whole struct (`entry.pointee`) can read past the end of a mapped page and crash on a large folder. The name
/// and the type are therefore read through their own offsets, never by copying the entry.
enum DirectoryEntries {
    struct Entry {
        let name: String
        /// `DT_DIR`, `DT_REG`, `DT_LNK`, … as readdir reports it; `DT_UNKNOWN` on file systems that do not say.
        let type: Int32
        /// The entry's inode number: two names of one file (hard links) have the same.
        var inode: UInt64 = 0
    }

    private static let nameOffset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    private static let typeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_type)!
    private static let inodeOffset = MemoryLayout<dirent>.offset(of: \dirent.d_ino)!

    /// Every entry but `.` and `..`; an error with the system's reason when the folder cannot be opened or read.
    static func read(_ folder: String) throws(FileError) -> [Entry] {
        guard let stream = opendir(folder) else { throw FileError("read the folder", folder) }
        defer { closedir(stream) }
        return try read(stream, folder: folder)
    }

    /// The folder `name` inside the open folder `parent`, opened without resolving its whole path again (a walk of
    /// a large tree spent most of its time looking up each folder's path); symbolic links are not followed. The caller
    /// closes it (`closedir`).
    static func open(_ name: String, in parent: OpaquePointer) -> OpaquePointer? {
        let descriptor = openat(dirfd(parent), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard let stream = fdopendir(descriptor) else {
            close(descriptor)
            return nil
        }
        return stream
    }

    /// Every entry of an open folder (`folder` names it in an error).
    static func read(_ stream: OpaquePointer, folder: String) throws(FileError) -> [Entry] {
        var entries: [Entry] = []
        while true {
            // readdir returns nil at the end and on an error, which only errno tells apart.
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { throw FileError("read the folder", folder) }
                break
            }
            let raw = UnsafeRawPointer(entry)
            let name = String(cString: raw.advanced(by: nameOffset).assumingMemoryBound(to: CChar.self))
            if name == "." || name == ".." { continue }
            entries.append(
                Entry(
                    name: name, type: Int32(raw.load(fromByteOffset: typeOffset, as: UInt8.self)),
                    inode: UInt64(raw.loadUnaligned(fromByteOffset: inodeOffset, as: ino_t.self))))
        }
        return entries
    }
}
