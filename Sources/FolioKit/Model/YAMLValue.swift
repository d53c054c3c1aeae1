/// A YAML value kept for templates (`page.params`, `site.params`) and later readers (`appearance:`).
public indirect enum YAMLValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null
    case list([YAMLValue])
    case mapping([(key: String, value: YAMLValue)])

    public static func == (lhs: YAMLValue, rhs: YAMLValue) -> Bool {
        switch (lhs, rhs) {
        case (.string(let a), .string(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.double(let a), .double(let b)): a == b
        case (.bool(let a), .bool(let b)): a == b
        case (.null, .null): true
        case (.list(let a), .list(let b)): a == b
        case (.mapping(let a), .mapping(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    /// The value as Mustache sees it: strings (`TemplateText`), numbers, booleans, lists (`TemplateList`) and
    /// mappings in the file's order (`TemplateMap`).
    public var templateValue: Any {
        switch self {
        case .string(let value): TemplateText(value)
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .null: ""
        case .list(let values): TemplateList(values.map(\.templateValue))
        case .mapping(let pairs): TemplateMap(pairs.map { ($0.key, $0.value.templateValue) })
        }
    }
}
