/// A color with a light and a dark variant, like `UIColor(dynamicProvider:)`; a plain color has the same in both.
public struct DynamicColor: Sendable, Hashable, CustomStringConvertible {
    /// The color under `prefers-color-scheme: light` (and when the reader states no preference).
    public var light: Color
    /// The color under `prefers-color-scheme: dark`.
    public var dark: Color

    /// A color that differs between light and dark.
    public init(light: Color, dark: Color) {
        self.light = light
        self.dark = dark
    }

    /// A color that is the same in light and dark.
    public init(_ color: Color) {
        self.init(light: color, dark: color)
    }

    /// Whether the dark variant differs from the light one.
    public var isDynamic: Bool { light != dark }

    /// The variant for one scheme.
    public func resolved(in scheme: ColorScheme) -> Color {
        scheme == .light ? light : dark
    }

    /// Each variant painted over the same variant of `background`.
    public func composited(over background: DynamicColor) -> DynamicColor {
        DynamicColor(light: light.composited(over: background.light), dark: dark.composited(over: background.dark))
    }

    /// `#rrggbb`, or `#rrggbb / #rrggbb` (light / dark) when the variants differ.
    public var description: String { isDynamic ? "\(light.css) / \(dark.css)" : light.css }

    /// The page background of the default theme: `--folio-bg` in `Templates/assets/folio.css`.
    public static let folioPageBackground = DynamicColor(light: Color(hex: 0xFFFFFF), dark: Color(hex: 0x121418))
}

/// The reader's color scheme, as `prefers-color-scheme` reports it (UIKit's `userInterfaceStyle`).
public enum ColorScheme: String, Sendable, CaseIterable {
    case light, dark
}
