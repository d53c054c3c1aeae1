/// A page of the site: where it came from, what its front matter says, and its table data model.
public struct Page: Sendable {
    /// Path below the content folder (`guide/setup.md`).
    public var sourcePath: String
    /// Path as the user would open it (`Content/guide/setup.md`).
    public var displayPath: String
    public var front: FrontMatter
    /// Site path (`/guide/setup/`).
    public var url: String
    public var title: String
    public var model: TableModel
}
