import Foundation

/// `folio new DIR`: a small site that builds, showing a list page and a paged page.
public enum StarterSite {
    public struct Failure: Error {
        public var message: String
    }

    static let files: [(String, String)] = [
        (
            "Content/site.yml",
            """
            title: My Folio Site
            description: Pages you can page through.
            language: en

            """
        ),
        (
            "Content/index.md",
            """
            ---
            title: Welcome
            description: The home page of a new Folio site.
            ---

            This site was made with `folio new`. Edit the Markdown in `Content/`, then run `folio build`.

            ## Write

            Every `##` heading starts a section. Sections become rows of a table data model.

            ## Build

            `folio build` writes the site to `Public/`. Open `Public/index.html`, or run `folio serve`.

            ## Page through

            See [the tour](tour.md): the same kind of sections, shown as pages with dots.

            """
        ),
        (
            "Content/tour.md",
            """
            ---
            title: A tour
            description: Sections shown one at a time.
            view: paged
            ---

            Swipe, use the arrows, or click a dot.

            ## First

            Each section is one page.

            ## Second

            The dots under the pages show where you are.

            ## Third

            Try `view: tabs` or `view: segmented` in the front matter.

            """
        ),
    ]

    /// Returns the folder as written (`site/` is `site`).
    @discardableResult
    public static func write(to directory: String) throws -> String {
        // `new site/` names the folder `site`: with the slash, a file `site` would not be found (`stat` says it is
        // no folder) and the write would fail with a bare system error.
        var directory = directory
        while directory.count > 1, directory.hasSuffix("/") { directory.removeLast() }
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: directory, isDirectory: &isFolder), !isFolder.boolValue {
            throw Failure(message: "\(directory) already exists and is a file; choose a new folder")
        }
        if manager.fileExists(atPath: directory),
            !((try? manager.contentsOfDirectory(atPath: directory))?.isEmpty ?? true)
        {
            throw Failure(message: "\(directory) already exists and is not empty; choose a new folder")
        }
        do {
            for (path, text) in files {
                let file = directory + "/" + path
                try makeDirectories(SitePath.directory(of: file))
                try FileOperations.write(Array(text.utf8), to: file)
            }
        } catch {
            throw Failure(message: error.description)
        }
        return directory
    }

    /// `mkdir -p`: each folder of `path` that is not there yet.
    private static func makeDirectories(_ path: String) throws(FileError) {
        var folder = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            folder += (folder.isEmpty || folder == "/" ? "" : "/") + part
            try FileOperations.makeDirectory(folder)
        }
    }
}
