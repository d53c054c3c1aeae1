import Foundation

/// An sRGB color with alpha, 8 bits a channel: exactly what CSS `#rrggbbaa` can say.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 0 is fully transparent, 255 opaque.
    public var alpha: UInt8

    /// A color from 8-bit channels.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A color from `0xRRGGBB`, opaque unless `alpha` says otherwise (0…1).
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF),
            alpha: Color.channel(alpha))
    }

    /// A color from components in 0…1, as `UIColor(red:green:blue:alpha:)` takes them.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.init(
            red: Color.channel(red), green: Color.channel(green), blue: Color.channel(blue), alpha: Color.channel(alpha)
        )
    }

    /// A 0…1 component as an 8-bit channel, rounded half away from zero as browsers do.
    static func channel(_ value: Double) -> UInt8 {
        guard value.isFinite else { return 0 }
        return UInt8((min(max(value, 0), 1) * 255).rounded())
    }

    /// Fully transparent black: CSS `transparent`, UIKit `clear`.
    public static let transparent = Color(hex: 0x000000, alpha: 0)

    /// Whether the color hides what is behind it.
    public var isOpaque: Bool { alpha == 255 }

    /// Normalized CSS: `#rrggbb` when opaque, else `#rrggbbaa`; lower-case.
    public var css: String {
        var text = "#" + Color.hex(red) + Color.hex(green) + Color.hex(blue)
        if !isOpaque { text += Color.hex(alpha) }
        return text
    }

    public var description: String { css }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    // MARK: Contrast (WCAG 2.x)

    /// This color painted over `background` (source-over), as a reader sees it.
    public func composited(over background: Color) -> Color {
        let a = Double(alpha) / 255
        let b = Double(background.alpha) / 255
        let outAlpha = a + b * (1 - a)
        guard outAlpha > 0 else { return .transparent }
        func mix(_ top: UInt8, _ bottom: UInt8) -> Double {
            (Double(top) / 255 * a + Double(bottom) / 255 * b * (1 - a)) / outAlpha
        }
        return Color(
            red: mix(red, background.red), green: mix(green, background.green), blue: mix(blue, background.blue),
            alpha: outAlpha)
    }

    /// WCAG relative luminance of the color's RGB (alpha ignored: composite first).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let c = Double(channel) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG contrast ratio (1…21) of this color painted over `background` against `background` itself.
    public func contrastRatio(over background: Color) -> Double {
        let shown = composited(over: background).relativeLuminance
        let behind = background.relativeLuminance
        return (max(shown, behind) + 0.05) / (min(shown, behind) + 0.05)
    }
}
