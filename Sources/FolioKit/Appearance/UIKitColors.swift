/// UIKit's named colors with UIKit's own sRGB values, spelled exactly as UIKit spells them.
///
/// The fixed colors (`UIColor.lightGray` …) are the same in light and dark; the system and element colors
/// (`UIColor.systemBlue`, `UIColor.label` …) are dynamic, with the variants UIKit resolves for each
/// `userInterfaceStyle`. Only the exact spelling is UIKit's: `lightGray` is UIKit's #AAAAAA, while `lightgray`
/// or `LightGray` is read as a CSS name (#D3D3D3); see `ColorParser`.
public enum UIKitColors {
    /// Every UIKit name with its value, in the order the guide lists them.
    public static let all: [(name: String, color: DynamicColor)] = fixed + system + element

    /// A UIKit color by its exact, case-sensitive name.
    public static func color(named name: String) -> DynamicColor? { byName[name] }

    private static let byName: [String: DynamicColor] = Dictionary(all.map { ($0.name, $0.color) }) { first, _ in first
    }

    private static func c(_ hex: UInt32, _ alpha: Double = 1) -> Color { Color(hex: hex, alpha: alpha) }
    private static func d(_ light: Color, _ dark: Color) -> DynamicColor { DynamicColor(light: light, dark: dark) }
    private static func s(_ color: Color) -> DynamicColor { DynamicColor(color) }

    /// `UIColor.black` … `UIColor.clear`: fixed values, from `UIColor(white:)` and `UIColor(red:green:blue:)`.
    static let fixed: [(name: String, color: DynamicColor)] = [
        ("black", s(Color(red: 0.0, green: 0.0, blue: 0.0))),
        ("darkGray", s(Color(red: 1.0 / 3, green: 1.0 / 3, blue: 1.0 / 3))),  // #555555
        ("lightGray", s(Color(red: 2.0 / 3, green: 2.0 / 3, blue: 2.0 / 3))),  // #AAAAAA
        ("white", s(Color(red: 1.0, green: 1.0, blue: 1.0))),
        ("gray", s(Color(red: 0.5, green: 0.5, blue: 0.5))),  // #808080
        ("red", s(Color(red: 1.0, green: 0.0, blue: 0.0))),
        ("green", s(Color(red: 0.0, green: 1.0, blue: 0.0))),  // #00FF00, not CSS's #008000
        ("blue", s(Color(red: 0.0, green: 0.0, blue: 1.0))),
        ("cyan", s(Color(red: 0.0, green: 1.0, blue: 1.0))),
        ("yellow", s(Color(red: 1.0, green: 1.0, blue: 0.0))),
        ("magenta", s(Color(red: 1.0, green: 0.0, blue: 1.0))),
        ("orange", s(Color(red: 1.0, green: 0.5, blue: 0.0))),  // #FF8000, not CSS's #FFA500
        ("purple", s(Color(red: 0.5, green: 0.0, blue: 0.5))),  // #800080
        ("brown", s(Color(red: 0.6, green: 0.4, blue: 0.2))),  // #996633, not CSS's #A52A2A
        ("clear", s(Color(red: 0.0, green: 0.0, blue: 0.0, alpha: 0.0))),
        ("darkText", s(c(0x000000))),
        ("lightText", s(c(0xFFFFFF, 0.6))),
    ]

    /// The system colors: light and dark variants as UIKit defines them (iOS 15 and later).
    static let system: [(name: String, color: DynamicColor)] = [
        ("systemRed", d(c(0xFF3B30), c(0xFF453A))),
        ("systemOrange", d(c(0xFF9500), c(0xFF9F0A))),
        ("systemYellow", d(c(0xFFCC00), c(0xFFD60A))),
        ("systemGreen", d(c(0x34C759), c(0x30D158))),
        ("systemMint", d(c(0x00C7BE), c(0x63E6E2))),
        ("systemTeal", d(c(0x30B0C7), c(0x40C8E0))),
        ("systemCyan", d(c(0x32ADE6), c(0x64D2FF))),
        ("systemBlue", d(c(0x007AFF), c(0x0A84FF))),
        ("systemIndigo", d(c(0x5856D6), c(0x5E5CE6))),
        ("systemPurple", d(c(0xAF52DE), c(0xBF5AF2))),
        ("systemPink", d(c(0xFF2D55), c(0xFF375F))),
        ("systemBrown", d(c(0xA2845E), c(0xAC8E68))),
        ("systemGray", d(c(0x8E8E93), c(0x8E8E93))),
        ("systemGray2", d(c(0xAEAEB2), c(0x636366))),
        ("systemGray3", d(c(0xC7C7CC), c(0x48484A))),
        ("systemGray4", d(c(0xD1D1D6), c(0x3A3A3C))),
        ("systemGray5", d(c(0xE5E5EA), c(0x2C2C2E))),
        ("systemGray6", d(c(0xF2F2F7), c(0x1C1C1E))),
    ]

    /// The element (semantic) colors: labels, fills, backgrounds, separators, links.
    static let element: [(name: String, color: DynamicColor)] = [
        ("label", d(c(0x000000), c(0xFFFFFF))),
        ("secondaryLabel", d(c(0x3C3C43, 0.6), c(0xEBEBF5, 0.6))),
        ("tertiaryLabel", d(c(0x3C3C43, 0.3), c(0xEBEBF5, 0.3))),
        ("quaternaryLabel", d(c(0x3C3C43, 0.18), c(0xEBEBF5, 0.16))),
        ("placeholderText", d(c(0x3C3C43, 0.3), c(0xEBEBF5, 0.3))),
        ("link", d(c(0x007AFF), c(0x0984FF))),
        ("separator", d(c(0x3C3C43, 0.29), c(0x545458, 0.6))),
        ("opaqueSeparator", d(c(0xC6C6C8), c(0x38383A))),
        ("systemFill", d(c(0x787880, 0.2), c(0x787880, 0.36))),
        ("secondarySystemFill", d(c(0x787880, 0.16), c(0x787880, 0.32))),
        ("tertiarySystemFill", d(c(0x767680, 0.12), c(0x767680, 0.24))),
        ("quaternarySystemFill", d(c(0x747480, 0.08), c(0x767680, 0.18))),
        ("systemBackground", d(c(0xFFFFFF), c(0x000000))),
        ("secondarySystemBackground", d(c(0xF2F2F7), c(0x1C1C1E))),
        ("tertiarySystemBackground", d(c(0xFFFFFF), c(0x2C2C2E))),
        ("systemGroupedBackground", d(c(0xF2F2F7), c(0x000000))),
        ("secondarySystemGroupedBackground", d(c(0xFFFFFF), c(0x1C1C1E))),
        ("tertiarySystemGroupedBackground", d(c(0xF2F2F7), c(0x2C2C2E))),
    ]
}
