/// What a page's front matter says about how its views behave.
struct PageSettings {
    var title: String
    var view: ViewSpec
    var transition: FrontMatter.Transition
    var segments: [String]
    var tabGroup: String?
}
