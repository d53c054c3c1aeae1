import Yams

/// Reads a color as `appearance.yml` writes it.
///
/// The exact UIKit spelling resolves to UIKit's value (`lightGray` → #AAAAAA, `green` → #00FF00,
/// `systemBlue` → #007AFF / #0A84FF); any other spelling is a CSS color, so `lightgray` or `LightGray` is CSS's
/// #D3D3D3 and `Green` is CSS's #008000. Hex, `rgb()` and `hsl()` are CSS.
/// `{light: …, dark: …}` is a dynamic color.
public enum ColorParser {
    /// Why a text is not a color: a message with a suggestion where one helps.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Every name a color can have: UIKit's, then CSS's; for suggestions.
    static let knownNames: [String] = UIKitColors.all.map(\.name) + CSSNamedColors.names

    /// One color (UIKit name, CSS name, hex, rgb() or hsl()); UIKit's system colors come with their dark variant.
    public static func parse(_ text: String) -> Result<DynamicColor, Failure> {
        let trimmed = text.trimmingWhitespace()
        if let color = UIKitColors.color(named: trimmed) { return .success(color) }
        if trimmed.contains("("), !trimmed.hasSuffix(")"), let close = trimmed.firstIndex(of: ")") {
            // `rgb(1,2,3);} body{…}`: closed, then more.
            let after = trimmed[trimmed.index(after: close)...].trimmingWhitespace()
            return .failure(
                Failure(
                    message: "'\(trimmed)' is not a color: '\(after)' follows its closing `)`; write the color alone"))
        }
        if trimmed.contains("("), !trimmed.hasSuffix(")") {
            let message =
                "'\(trimmed)' is not a color: `(` is never closed; inside {light: …, dark: …} a comma "
                + "ends the value, so quote colors with commas (\"rgb(0, 122, 255)\") or use rgb(0 122 255)"
            return .failure(Failure(message: message))
        }
        if trimmed.hasPrefix("#") || trimmed.contains("(") {
            switch CSSColorParser.parse(trimmed) {
            case .success(let color): return .success(DynamicColor(color))
            case .failure(let failure):
                return .failure(Failure(message: "'\(trimmed)' is not a color: \(failure.reason)"))
            }
        }
        if let color = CSSNamedColors.color(named: trimmed) { return .success(DynamicColor(color)) }
        let hint = Suggestion.didYouMean(trimmed, among: knownNames)
        let fallback = hint.isEmpty ? "; use a UIKit name (systemBlue), a CSS name, #rrggbb, rgb() or hsl()" : hint
        return .failure(Failure(message: "unknown color '\(trimmed)'\(fallback)"))
    }

    /// A color or `{light: …, dark: …}` from a YAML node; nil after reporting why not.
    static func read(_ node: Node, in file: YAMLLocator, diagnostics: inout Diagnostics) -> DynamicColor? {
        switch node {
        case .scalar:
            return scalar(node, in: file, diagnostics: &diagnostics)
        case .mapping(let mapping):
            var light: DynamicColor?
            var dark: DynamicColor?
            var failed = false
            for (key, value) in mapping {
                let name = key.string ?? ""
                guard name == "light" || name == "dark" else {
                    let hint = Suggestion.didYouMean(name, among: ["light", "dark"])
                    diagnostics.report(
                        file.error("a dynamic color has only `light` and `dark`, not '\(name)'\(hint)", at: key))
                    failed = true
                    continue
                }
                guard case .scalar = value else {
                    diagnostics.report(
                        file.error("`\(name)` must be one color, not \(YAMLLocator.kind(value))", at: value))
                    failed = true
                    continue
                }
                guard let color = scalar(value, in: file, diagnostics: &diagnostics) else {
                    failed = true
                    continue
                }
                if name == "light" { light = color } else { dark = color }
            }
            if failed { return nil }
            guard let light, let dark else {
                diagnostics.report(
                    file.error(
                        "a dynamic color needs both `light` and `dark`, like {light: white, dark: \"#1c1c1e\"}",
                        at: node))
                return nil
            }
            return DynamicColor(light: light.light, dark: dark.dark)
        case .sequence, .alias:
            diagnostics.report(
                file.error("expected a color or {light: …, dark: …}, not \(YAMLLocator.kind(node))", at: node))
            return nil
        }
    }

    private static func scalar(_ node: Node, in file: YAMLLocator, diagnostics: inout Diagnostics) -> DynamicColor? {
        if YAMLLocator.isNull(node) {
            diagnostics.report(
                file.error(
                    "expected a color; `#` starts a YAML comment, so quote hex colors: \"#cccccc\"", at: node,
                    offset: 1))  // the empty value's mark is the space before the `#`
            return nil
        }
        switch parse(node.string ?? "") {
        case .success(let color): return color
        case .failure(let failure):
            diagnostics.report(file.error(failure.message, at: node))
            return nil
        }
    }
}
