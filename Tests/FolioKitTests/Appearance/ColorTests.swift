import Testing

@testable import FolioKit

@Suite struct ColorTests {
    func color(_ text: String) -> DynamicColor? { try? ColorParser.parse(text).get() }
    func css(_ text: String) -> String? { color(text)?.description }

    @Test(arguments: [
        ("black", "#000000"), ("darkGray", "#555555"), ("lightGray", "#aaaaaa"), ("white", "#ffffff"),
        ("gray", "#808080"), ("red", "#ff0000"), ("green", "#00ff00"), ("blue", "#0000ff"), ("cyan", "#00ffff"),
        ("yellow", "#ffff00"), ("magenta", "#ff00ff"), ("orange", "#ff8000"), ("purple", "#800080"),
        ("brown", "#996633"), ("clear", "#00000000"),
    ])
    func uikitNamedColorsHaveUIKitValues(name: String, expected: String) {
        #expect(css(name) == expected)
        #expect(color(name)?.isDynamic == false)
    }

    @Test(arguments: [
        ("systemRed", "#ff3b30", "#ff453a"), ("systemOrange", "#ff9500", "#ff9f0a"),
        ("systemYellow", "#ffcc00", "#ffd60a"),
        ("systemGreen", "#34c759", "#30d158"), ("systemMint", "#00c7be", "#63e6e2"),
        ("systemTeal", "#30b0c7", "#40c8e0"),
        ("systemCyan", "#32ade6", "#64d2ff"), ("systemBlue", "#007aff", "#0a84ff"),
        ("systemIndigo", "#5856d6", "#5e5ce6"),
        ("systemPurple", "#af52de", "#bf5af2"), ("systemPink", "#ff2d55", "#ff375f"),
        ("systemBrown", "#a2845e", "#ac8e68"),
        ("systemGray", "#8e8e93", "#8e8e93"), ("systemGray2", "#aeaeb2", "#636366"),
        ("systemGray6", "#f2f2f7", "#1c1c1e"),
        ("label", "#000000", "#ffffff"), ("secondaryLabel", "#3c3c4399", "#ebebf599"),
        ("systemBackground", "#ffffff", "#000000"), ("secondarySystemBackground", "#f2f2f7", "#1c1c1e"),
        ("link", "#007aff", "#0984ff"),
    ])
    func systemColorsHaveLightAndDarkVariants(name: String, light: String, dark: String) {
        let value = color(name)
        #expect(value?.light.css == light)
        #expect(value?.dark.css == dark)
    }

    /// The exact UIKit spelling is UIKit's; any other spelling is a CSS name (case-insensitive in CSS).
    @Test func uikitSpellingWinsOtherSpellingsAreCSS() {
        #expect(css("lightGray") == "#aaaaaa")
        #expect(css("lightgray") == "#d3d3d3")
        #expect(css("LightGray") == "#d3d3d3")
        #expect(css("darkGray") == "#555555")
        #expect(css("darkgray") == "#a9a9a9")
        #expect(css("green") == "#00ff00")
        #expect(css("Green") == "#008000")
        #expect(css("orange") == "#ff8000")
        #expect(css("ORANGE") == "#ffa500")
        #expect(css("brown") == "#996633")
        #expect(css("Brown") == "#a52a2a")
        #expect(css("transparent") == "#00000000")
        #expect(css("rebeccapurple") == "#663399")
    }

    @Test func cssHasAll148NamedColors() {
        #expect(CSSNamedColors.names.count == 148)
        #expect(CSSNamedColors.color(named: "AliceBlue")?.css == "#f0f8ff")
        #expect(CSSNamedColors.color(named: "yellowgreen")?.css == "#9acd32")
    }

    @Test(arguments: [
        ("#abc", "#aabbcc"), ("#abcd", "#aabbccdd"), ("#A1B2C3", "#a1b2c3"), ("#a1b2c380", "#a1b2c380"),
        ("#a1b2c3ff", "#a1b2c3"), ("rgb(0, 122, 255)", "#007aff"), ("rgb(0 122 255)", "#007aff"),
        ("rgba(60, 60, 67, 0.6)", "#3c3c4399"), ("rgb(60 60 67 / 60%)", "#3c3c4399"), ("rgb(100%, 50%, 0%)", "#ff8000"),
        ("rgb(300, -5, 0)", "#ff0000"), ("hsl(0, 100%, 50%)", "#ff0000"), ("hsl(120deg 100% 25%)", "#008000"),
        ("hsl(0.5turn 100% 50%)", "#00ffff"), ("hsla(240, 100%, 50%, 0.5)", "#0000ff80"),
        ("HSL(211 100% 50%)", "#007bff"),
        ("  systemBlue  ", "#007aff / #0a84ff"),
    ])
    func cssColorSyntaxesNormalize(text: String, expected: String) {
        #expect(css(text) == expected)
    }

    @Test(arguments: [
        "#ab", "#abcde", "#ggg", "rgb(1, 2)", "rgb(1 2 3 4)", "rgb(a, b, c)", "hsl(1, 2, 3, 4, 5)",
        "lab(50% 40 59)", "rgb(inf, 0, 0)", "rgb(0x10, 0, 0)", "nope", "currentColor", "",
    ])
    func badColorsFail(text: String) {
        #expect(color(text) == nil)
    }

    @Test func unknownNamesSuggestTheNearest() {
        guard case .failure(let failure) = ColorParser.parse("systemBlu") else {
            Issue.record("parsed")
            return
        }
        #expect(failure.message == "unknown color 'systemBlu'; did you mean `systemBlue`?")
        guard case .failure(let cased) = ColorParser.parse("systemblue") else {
            Issue.record("parsed")
            return
        }
        #expect(cased.message.hasSuffix("did you mean `systemBlue`?"))
    }

    /// A color with text after it (CSS slipped into the YAML) was said to leave its `(` unclosed.
    @Test func textAfterAClosedColorIsNamed() {
        guard case .failure(let after) = ColorParser.parse("rgb(1,2,3);} body{display:none}") else {
            Issue.record("parsed")
            return
        }
        #expect(
            after.message
                == "'rgb(1,2,3);} body{display:none}' is not a color: ';} body{display:none}' follows its closing `)`; write the color alone"
        )
        guard case .failure(let open) = ColorParser.parse("rgb(0") else {
            Issue.record("parsed")
            return
        }
        #expect(open.message.hasPrefix("'rgb(0' is not a color: `(` is never closed"))
    }

    @Test func contrastFollowsWCAG() {
        let white = Color(hex: 0xFFFFFF)
        let black = Color(hex: 0x000000)
        #expect(abs(black.contrastRatio(over: white) - 21) < 0.001)
        #expect(abs(white.contrastRatio(over: white) - 1) < 0.001)
        // #767676 on white is the classic 4.54:1.
        #expect(abs(Color(hex: 0x767676).contrastRatio(over: white) - 4.54) < 0.01)
        // Alpha is blended over the background first: black at 128/255 on white is #7f7f7f.
        #expect(Color(hex: 0x000000, alpha: 0.5).composited(over: white).css == "#7f7f7f")
        #expect(Color.transparent.contrastRatio(over: white) == 1)
    }
}
