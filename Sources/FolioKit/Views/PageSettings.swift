/// What a page's front matter says about how its views behave.
struct PageSettings {
    var title: String
    var view: ViewSpec
    var transition: FrontMatter.Transition
    var segments: [String]
    var tabGroup: String?
    /// `Page`, `Layout:<layout>`, and the page's `container:`: what every control of the page sits in.
    var containers: [String] = [AppearanceContainer.page, AppearanceContainer.layout("default")]
    var appearance: PageAppearance?

    init(page: Page) {
        title = page.title
        view = page.front.view
        transition = page.front.transition
        segments = page.front.segments
        tabGroup = page.front.tabGroup
        containers = ControlInstance.pageContainers(layout: page.front.layout, container: page.front.container)
        appearance = page.front.appearance
    }

    init(title: String, view: ViewSpec, transition: FrontMatter.Transition, segments: [String], tabGroup: String?) {
        self.title = title
        self.view = view
        self.transition = transition
        self.segments = segments
        self.tabGroup = tabGroup
    }
}
