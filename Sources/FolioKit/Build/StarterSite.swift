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

    public static func write(to directory: String) throws {
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
                let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
        } catch {
            throw Failure(message: "cannot write \(directory): \(error.localizedDescription)")
        }
    }
}
