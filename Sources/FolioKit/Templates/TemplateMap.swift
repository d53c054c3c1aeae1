import Mustache

/// A mapping of the author's (`page.params`, `site.params`) in a template context, its keys in the order the YAML
/// gives them: a dictionary's order changes from one run to the next, and so did every page that looped over one
/// (`{{#enumerated(page.params)}}`) or wrote one whole. Looked up, and transformed (`count`, `empty`, `enumerated`,
/// `sorted`), as a dictionary is; the lists it makes spend the render's budget (`TemplateList`).
struct TemplateMap: MustacheParent, MustacheTransformable, CustomStringConvertible {
    let entries: [Entry]
    private let index: [String: Int]

    /// One key and its value: `{{key}}` and `{{value}}` inside `{{#enumerated(map)}}`.
    struct Entry: MustacheParent {
        let key: String
        let value: Any

        func child(named name: String) -> Any? {
            switch name {
            case "key": TemplateText(key)
            case "value": value
            default: nil
            }
        }
    }

    /// A key given twice keeps its first place and its last value, as YAML's last one wins.
    init(_ pairs: [(key: String, value: Any)]) {
        var entries: [Entry] = []
        var index: [String: Int] = [:]
        for (key, value) in pairs {
            if let at = index[key] {
                entries[at] = Entry(key: key, value: value)
            } else {
                index[key] = entries.count
                entries.append(Entry(key: key, value: value))
            }
        }
        self.entries = entries
        self.index = index
    }

    func child(named name: String) -> Any? { index[name].map { entries[$0].value } }

    func transform(_ name: String) -> Any? {
        switch name {
        case "count": entries.count
        case "empty": entries.isEmpty
        case "enumerated": TemplateList(entries)
        case "sorted": TemplateList(entries.sorted { $0.key < $1.key })
        default: nil
        }
    }

    /// What `{{page.params}}` writes: a dictionary's form, `["a": 1, "b": "x"]`, in the file's order.
    var description: String {
        guard !entries.isEmpty else { return "[:]" }
        let pairs = entries.map { "\($0.key.debugDescription): \(String(reflecting: $0.value))" }
        return "[" + pairs.joined(separator: ", ") + "]"
    }
}
