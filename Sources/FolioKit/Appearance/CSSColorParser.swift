import Foundation

/// CSS color syntax to RGBA: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()`, `hsl()`/`hsla()`,
/// in both the comma and the space-separated (`rgb(0 122 255 / 50%)`) forms. Out-of-range values clamp, as in CSS.
enum CSSColorParser {
    /// Why a text is not a CSS color, in words for an error message.
    struct Failure: Error, Equatable {
        var reason: String
    }

    /// Parses a hex or functional color; names are `CSSNamedColors`' job.
    static func parse(_ text: String) -> Result<Color, Failure> {
        if text.hasPrefix("#") { return hex(String(text.dropFirst())) }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else {
            return .failure(Failure(reason: "not a color"))
        }
        let name = text[..<open].lowercased()
        let arguments = String(text[text.index(after: open)..<text.index(before: text.endIndex)])
        switch name {
        case "rgb", "rgba": return rgb(arguments).mapError { Failure(reason: "\(name)(): \($0.reason)") }
        case "hsl", "hsla": return hsl(arguments).mapError { Failure(reason: "\(name)(): \($0.reason)") }
        default: return .failure(Failure(reason: "`\(name)()` is not supported; use rgb() or hsl()"))
        }
    }

    private static func hex(_ digits: String) -> Result<Color, Failure> {
        let values = digits.unicodeScalars.map(hexValue)
        guard values.allSatisfy({ $0 != nil }), [3, 4, 6, 8].contains(values.count) else {
            return .failure(Failure(reason: "a hex color has 3, 4, 6 or 8 hex digits after `#`"))
        }
        let v = values.map { UInt8($0!) }
        switch v.count {
        case 3, 4:
            return .success(
                Color(red: v[0] * 17, green: v[1] * 17, blue: v[2] * 17, alpha: v.count == 4 ? v[3] * 17 : 255))
        default:
            return .success(
                Color(
                    red: v[0] << 4 | v[1], green: v[2] << 4 | v[3], blue: v[4] << 4 | v[5],
                    alpha: v.count == 8 ? v[6] << 4 | v[7] : 255))
        }
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> Int? {
        switch scalar {
        case "0"..."9": Int(scalar.value - 48)
        case "a"..."f": Int(scalar.value - 87)
        case "A"..."F": Int(scalar.value - 55)
        default: nil
        }
    }

    /// The three channel arguments and the optional alpha, from either syntax.
    private static func arguments(_ text: String) -> (channels: [String], alpha: String?)? {
        if text.contains(",") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
            guard parts.count == 3 || parts.count == 4, !parts.contains(where: { $0.isEmpty || $0.contains("/") })
            else { return nil }
            return (Array(parts.prefix(3)), parts.count == 4 ? parts[3] : nil)
        }
        let halves = text.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        let channels = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard channels.count == 3 else { return nil }
        if halves.count == 2 {
            let alpha = halves[1].trimmingWhitespace()
            guard !alpha.isEmpty, !alpha.contains(" ") else { return nil }
            return (channels, alpha)
        }
        return (channels, nil)
    }

    /// A plain CSS number (no hex, no `inf`): digits, one point, an optional sign and exponent.
    static func number(_ text: String) -> Double? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ "0123456789.+-eE".unicodeScalars.contains($0) }),
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// `50%` → 0.5 of `scale`… as a fraction 0…1; a bare number is divided by `scale`.
    private static func fraction(_ text: String, scale: Double) -> Double? {
        if text.hasSuffix("%") { return number(String(text.dropLast())).map { $0 / 100 } }
        return number(text).map { $0 / scale }
    }

    private static func alpha(_ text: String?) -> Double? {
        guard let text else { return 1 }
        return fraction(text, scale: 1)
    }

    private static func rgb(_ text: String) -> Result<Color, Failure> {
        guard let (channels, alphaText) = arguments(text) else {
            return .failure(Failure(reason: "expected three values and an optional alpha, like rgb(0 122 255 / 50%)"))
        }
        let values = channels.map { fraction($0, scale: 255) }
        guard values.allSatisfy({ $0 != nil }), let a = alpha(alphaText) else {
            let reason = "values are numbers 0–255 or percentages; alpha is 0–1 or a percentage"
            return .failure(Failure(reason: reason))
        }
        return .success(Color(red: values[0]!, green: values[1]!, blue: values[2]!, alpha: a))
    }

    private static func hsl(_ text: String) -> Result<Color, Failure> {
        guard let (channels, alphaText) = arguments(text) else {
            return .failure(
                Failure(reason: "expected hue, saturation, lightness and an optional alpha, like hsl(211 100% 50%)"))
        }
        guard let hue = hueDegrees(channels[0]), let s = fraction(channels[1], scale: 100),
            let l = fraction(channels[2], scale: 100), let a = alpha(alphaText)
        else {
            return .failure(
                Failure(
                    reason:
                        "hue is a number or an angle (deg, rad, grad, turn); saturation and lightness are percentages"))
        }
        let (r, g, b) = rgbFromHSL(hue: hue, saturation: min(max(s, 0), 1), lightness: min(max(l, 0), 1))
        return .success(Color(red: r, green: g, blue: b, alpha: a))
    }

    private static func hueDegrees(_ text: String) -> Double? {
        let units: [(suffix: String, degrees: Double)] = [
            ("deg", 1), ("grad", 0.9), ("rad", 180 / Double.pi), ("turn", 360),
        ]
        for unit in units where text.lowercased().hasSuffix(unit.suffix) {
            return number(String(text.dropLast(unit.suffix.count))).map { $0 * unit.degrees }
        }
        return number(text)
    }

    /// CSS Color 4's `hslToRgb`.
    static func rgbFromHSL(hue: Double, saturation s: Double, lightness l: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}
