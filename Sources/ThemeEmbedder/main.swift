import Foundation

// Usage: ThemeEmbedder THEME_ROOT OUTPUT.swift FILE...
// Writes a Swift file holding every theme file as bytes, keyed by its path relative to THEME_ROOT.
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ThemeEmbedder THEME_ROOT OUTPUT FILE...\n".utf8))
    exit(2)
}
let root = URL(fileURLWithPath: arguments[1]).standardizedFileURL.path + "/"
var source = "// Generated from Templates/ by ThemeEmbedder. Do not edit.\n"
source += "enum DefaultTheme {\n    static let files: [String: [UInt8]] = [\n"
for path in arguments.dropFirst(3).sorted() {
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    guard absolute.hasPrefix(root), let data = FileManager.default.contents(atPath: absolute) else { continue }
    let relative = String(absolute.dropFirst(root.count))
    // A base64 string literal compiles far faster than a large array literal.
    source += "        \(String(reflecting: relative)): decode(\"\(data.base64EncodedString())\"),\n"
}
source += "    ]\n\n"
source += """
        private static func decode(_ base64: String) -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer: UInt32 = 0
            var bits = 0
            for scalar in base64.utf8 {
                let value: UInt8
                switch scalar {
                case 65...90: value = scalar - 65
                case 97...122: value = scalar - 71
                case 48...57: value = scalar + 4
                case 43: value = 62
                case 47: value = 63
                default: continue
                }
                buffer = buffer << 6 | UInt32(value)
                bits += 6
                if bits >= 8 {
                    bits -= 8
                    bytes.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
                }
            }
            return bytes
        }
    }

    """
// Written only when it changed: the tool is relinked whenever SwiftPM switches between debug and release,
// and an unchanged file keeps its date, so FolioKit and everything after it are not recompiled for nothing.
if (try? String(contentsOfFile: arguments[2], encoding: .utf8)) != source {
    try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
}
