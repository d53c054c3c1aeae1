/// The YAML at the top of a page, typed. Unknown keys go to `params`.
public struct FrontMatter: Sendable {
    public enum Transition: String, Sendable, CaseIterable { case scroll, fade }

    /// Where a value stood in the file, for errors found after parsing (an unknown layout, say).
    public struct Position: Sendable, Equatable {
        public var line: Int
        public var column: Int
    }

    public var title: String?
    public var date: String?
    public var draft = false
    public var layout = "default"
    public var view = ViewSpec.list
    public var sectionLevel: Int?
    public var segments = ["Pages", "All"]
    public var transition = Transition.scroll
    public var tabGroup: String?
    public var container: String?
    /// Front matter `appearance:`: values that beat every proxy rule on this page (SPEC §6).
    public var appearance: PageAppearance?
    public var description: String?
    public var tags: [String] = []
    public var weight: Int?
    public var slug: String?
    public var params: [(key: String, value: YAMLValue)] = []
    /// Where `layout:` and `image:` stand, for the checks made after parsing (a layout the theme lacks, an image
    /// the site lacks): every other key is checked as it is parsed. Two fields, not a table of every key: a site of
    /// 100,000 pages held 33 MB of such tables until its pages had rendered.
    public var layoutPosition: Position?
    public var imagePosition: Position?

    public init() {}
}
