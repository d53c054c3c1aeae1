/// A control's resolved appearance: each property's value and the rule (or front matter line) that won.
public struct ResolvedStyle: Sendable, Equatable {
    /// One property's value and where it came from.
    public struct Value: Sendable, Hashable {
        public var color: DynamicColor
        public var source: AppearanceSource
    }

    /// The component resolved.
    public let component: Component
    /// The properties some rule or the page sets; a property nobody sets is absent (the stylesheet's default shows).
    public let values: [AppearanceProperty: Value]

    /// A resolved style (for tests and tools).
    public init(component: Component, values: [AppearanceProperty: Value]) {
        self.component = component
        self.values = values
    }

    /// The value of `property`, if resolved.
    public subscript(_ property: AppearanceProperty) -> Value? { values[property] }

    /// The colors alone, which is what the generated stylesheet and the class name depend on.
    public var style: AppearanceStyle {
        AppearanceStyle(component: component, colors: values.mapValues(\.color))
    }

    /// The class that carries this style's custom properties: `folio-appearance-xxxxxxxx`.
    public var className: String { style.className }
}

/// The colors of one resolved style: equal colors give equal class names, on every page and every build.
public struct AppearanceStyle: Sendable, Hashable {
    public let component: Component
    public let colors: [AppearanceProperty: DynamicColor]
    /// `folio-appearance-` and the FNV-1a hash of the content, in hex: deterministic, stable across builds.
    public let className: String

    /// A style of `component` with `colors` (absent properties are left to the stylesheet's defaults).
    public init(component: Component, colors: [AppearanceProperty: DynamicColor]) {
        self.component = component
        self.colors = colors
        self.className = "folio-appearance-" + Self.hex(Self.fnv1a(Self.canonicalText(component, colors)))
    }

    /// One line per property in UIKit's order: `PageControl.pageIndicatorTintColor=#aaaaaa/#636366`, `-` if unset.
    static func canonicalText(_ component: Component, _ colors: [AppearanceProperty: DynamicColor]) -> String {
        component.properties.map { property in
            let value = colors[property].map { "\($0.light.css)/\($0.dark.css)" } ?? "-"
            return "\(property.qualifiedName)=\(value)\n"
        }.joined()
    }

    /// 32-bit FNV-1a of the UTF-8 bytes.
    static func fnv1a(_ text: String) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        return hash
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }
}
