/// How many templates one template renders once its includes are followed, counted from their text: partials that
/// each include the next ten times, ten deep, render ten billion of them — a page that never ends, within
/// `IncludeChain.maxDepth`. Found when the theme loads, before any page is rendered.
///
/// A partial included inside a section over data (`{{#items}}{{> item}}{{/items}}`) counts once, as it is written;
/// a template that includes itself, directly or through others, is `IncludeChain`'s to stop, and counts nothing more
/// here.
enum IncludeCount {
    /// More than this many templates for one template is an error.
    static let limit = 100_000

    static func check(_ includes: [String: Theme.Includes], diagnostics: inout Diagnostics) {
        var counts: [String: Int] = [:]
        var open: Set<String> = []
        /// Saturates at `limit + 1`: ten billion does not fit every sum.
        func count(_ name: String) -> Int {
            if let known = counts[name] { return known }
            guard let template = includes[name], open.insert(name).inserted else { return 0 }
            var total = 1
            for reference in template.references { total = min(limit + 1, total + count(reference.name)) }
            open.remove(name)
            counts[name] = total
            return total
        }
        for name in includes.keys.sorted() { _ = count(name) }
        // Reported where the count crosses the limit: at a template over it whose own includes are each under it,
        // at its first include of the one that costs most.
        for name in includes.keys.sorted() where counts[name, default: 0] > limit {
            let template = includes[name]!
            guard template.references.allSatisfy({ counts[$0.name, default: 0] <= limit }),
                let costliest = template.references.max(by: {
                    counts[$0.name, default: 0] < counts[$1.name, default: 0]
                })
            else { continue }
            let times = template.references.filter { $0.name == costliest.name }.count
            diagnostics.report(
                .error(
                    "this template renders more than \(limit) templates: it includes '\(costliest.name)' \(times) "
                        + "times, which renders \(counts[costliest.name]!) itself; include a partial once and loop "
                        + "over data inside it (e.g. {{#items}}{{> item}}{{/items}})",
                    at: template.displayPath, line: costliest.line, column: costliest.column))
        }
    }
}
