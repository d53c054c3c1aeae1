/// How many templates one template renders once its includes are followed, and how many bytes of their text it
/// writes, counted from their text: partials that each include the next ten times, ten deep, render ten billion of
/// them — a page that never ends, within `IncludeChain.maxDepth` — and four deep around 500 KB of text, 5 GB. Found
/// when the theme loads, before any page is rendered.
///
/// A partial included inside a section over data (`{{#items}}{{> item}}{{/items}}`) counts once, as it is written;
/// a template that includes itself, directly or through others, is `IncludeChain`'s to stop, and counts nothing more
/// here. What loops over data write is the render's to count (`RenderBudget`).
enum IncludeCount {
    /// More than this many templates for one template is an error.
    static let limit = 100_000

    static func check(_ includes: [String: Theme.Includes], diagnostics: inout Diagnostics) {
        let templates = totals(includes, limit: limit) { _ in 1 }
        // Billions of templates are billions of bytes too: said once, as templates.
        if templates.values.contains(where: { $0 > limit }) {
            return report(includes, templates, over: limit, diagnostics: &diagnostics) { name, times, costliest in
                "this template renders more than \(limit) templates: it includes '\(name)' \(times) times, which "
                    + "renders \(costliest) itself; include a partial once and loop over data inside it "
                    + "(e.g. {{#items}}{{> item}}{{/items}})"
            }
        }
        let maxBytes = RenderBudget.maxBytes
        let bytes = totals(includes, limit: maxBytes) { $0.size }
        report(includes, bytes, over: maxBytes, diagnostics: &diagnostics) { name, times, costliest in
            "this template writes more than \(ByteCount.describe(maxBytes)) of text: it includes '\(name)' \(times) "
                + "times, which writes \(ByteCount.describe(costliest)) itself; include the partial fewer times"
        }
    }

    /// Each template's own `measure` plus its includes', as written; saturates at `limit + 1` (ten billion does not
    /// fit every sum).
    private static func totals(
        _ includes: [String: Theme.Includes], limit: Int, _ measure: (Theme.Includes) -> Int
    ) -> [String: Int] {
        var totals: [String: Int] = [:]
        var open: Set<String> = []
        func total(_ name: String) -> Int {
            if let known = totals[name] { return known }
            guard let template = includes[name], open.insert(name).inserted else { return 0 }
            var sum = min(limit + 1, measure(template))
            for reference in template.references { sum = min(limit + 1, sum + total(reference.name)) }
            open.remove(name)
            totals[name] = sum
            return sum
        }
        for name in includes.keys.sorted() { _ = total(name) }
        return totals
    }

    /// Reported where the total crosses the limit: at a template over it whose own includes are each under it, at
    /// its first include of the one that costs most.
    private static func report(
        _ includes: [String: Theme.Includes], _ totals: [String: Int], over limit: Int,
        diagnostics: inout Diagnostics, message: (String, Int, Int) -> String
    ) {
        for name in includes.keys.sorted() where totals[name, default: 0] > limit {
            let template = includes[name]!
            guard template.references.allSatisfy({ totals[$0.name, default: 0] <= limit }),
                let costliest = template.references.max(by: {
                    totals[$0.name, default: 0] < totals[$1.name, default: 0]
                })
            else { continue }
            let times = template.references.filter { $0.name == costliest.name }.count
            diagnostics.report(
                .error(
                    message(costliest.name, times, totals[costliest.name]!), at: template.displayPath,
                    line: costliest.line, column: costliest.column))
        }
    }
}
