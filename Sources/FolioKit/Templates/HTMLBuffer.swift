/// HTML written as UTF-8 bytes, for the parts of the default theme Folio writes itself (the sidebar, breadcrumbs,
/// "On this page", previous/next): byte appends instead of string interpolation, on every page.
struct HTMLBuffer {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ number: Int) {
        bytes.append(contentsOf: String(number).utf8)
    }

    /// HTML made elsewhere, as it is (Mustache's `{{{x}}}`).
    mutating func appendHTML(_ html: String) {
        var html = html
        html.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Text or an attribute's value, escaped as Mustache's `{{x}}` escapes it.
    mutating func appendEscaped(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            // & < > " '
            if utf8.contains(where: { $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || $0 == 39 }) {
                bytes.append(contentsOf: HTMLEscape.attribute(String(decoding: utf8, as: UTF8.self)).utf8)
            } else {
                bytes.append(contentsOf: utf8)
            }
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
