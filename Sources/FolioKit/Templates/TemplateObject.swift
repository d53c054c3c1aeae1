/// A value of a template context that is not text or a list: `{{page}}` or `{{.}}` on one writes nothing. Written
/// whole, swift-mustache wrote a Swift dump of Folio's own types (`PageValues(page: FolioKit.Page(…`), megabytes of
/// it on a long page, outside the render's budget.
protocol TemplateObject: CustomStringConvertible {}

extension TemplateObject {
    var description: String { "" }
}

extension IncludeChain: TemplateObject {}
extension LayoutContext: TemplateObject {}
extension SiteValues: TemplateObject {}
extension PageValues: TemplateObject {}
extension AssetValues: TemplateObject {}
extension DirectPartialHTML: TemplateObject {}
extension PageLinks: TemplateObject {}
extension PageLinks.Listed: TemplateObject {}
extension SectionValues: TemplateObject {}
extension SectionValues.SectionValue: TemplateObject {}
extension SectionValues.RowValue: TemplateObject {}
extension HrefValue: TemplateObject {}
extension PageMeta: TemplateObject {}
extension SidebarItem: TemplateObject {}
extension TableOfContents.Entry: TemplateObject {}
extension PageContext.NavLink: TemplateObject {}
extension Navigation.Link: TemplateObject {}
extension Navigation.Crumb: TemplateObject {}
extension Navigation.Pagination: TemplateObject {}
extension Navigation.Pagination.NumberedPage: TemplateObject {}
extension ComponentContext.Heading: TemplateObject {}
extension ComponentContext.Item: TemplateObject {}
extension ComponentContext.List: TemplateObject {}
extension ComponentContext.Paged: TemplateObject {}
extension ComponentContext.Tabs: TemplateObject {}
extension ComponentContext.Segmented: TemplateObject {}
extension ComponentContext.Segmented.Segment: TemplateObject {}
extension TemplateMap.Entry: TemplateObject {}
