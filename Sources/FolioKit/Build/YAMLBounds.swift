import CYaml

/// Limits on what a small YAML text may grow into, checked on libyaml's events before any tree is built.
///
/// Aliases share their anchor's value, so nine lines of nested aliases ("billion laughs") describe
/// billions of values; and nesting is read recursively. Both are stopped here, at the line that goes too far.
enum YAMLBounds {
    /// Values that aliases may add to a document, all aliases together.
    static let maxAliasedValues = 10_000
    /// Lists and mappings inside one another.
    static let maxDepth = 64

    /// True when no parse is needed to know that `text` stays within the limits, as almost every front matter does:
    /// without a `*` there is no alias, and every list or mapping starts at one of `[`, `{`, `-`, `:` or `?`, so
    /// with no more of those than `maxDepth` nothing can be nested deeper.
    static func isWithinBoundsByItsBytes(_ text: String) -> Bool {
        var indicators = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "*"): return false
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "-"), UInt8(ascii: ":"), UInt8(ascii: "?"):
                indicators += 1
                if indicators > maxDepth { return false }
            default: continue
            }
        }
        return true
    }

    /// The first place where `text` goes past a limit, or nil; syntax errors are left for the YAML parser to report.
    static func check(_ text: String, path: String, lineOffset: Int) -> Diagnostic? {
        if isWithinBoundsByItsBytes(text) { return nil }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return nil }
        defer { yaml_parser_delete(&parser) }
        var bytes = Array(text.utf8)
        if bytes.isEmpty { return nil }
        return bytes.withUnsafeMutableBufferPointer { buffer -> Diagnostic? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            var walk = Walk()
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else { return nil }
                defer { yaml_event_delete(&event) }
                let mark = event.start_mark
                func located(_ message: String) -> Diagnostic {
                    .error(message, at: path, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
                }
                switch event.type {
                case YAML_STREAM_END_EVENT:
                    return nil
                case YAML_SCALAR_EVENT:
                    walk.add(1, anchor: name(event.data.scalar.anchor))
                case YAML_ALIAS_EVENT:
                    let size = walk.sizes[name(event.data.alias.anchor) ?? ""] ?? 1
                    walk.aliased += size
                    if walk.aliased > maxAliasedValues {
                        return located(
                            "YAML aliases here expand to more than \(maxAliasedValues) values: "
                                + "write the values out, or alias smaller ones")
                    }
                    walk.add(size, anchor: nil)
                case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                    let anchor =
                        event.type == YAML_SEQUENCE_START_EVENT
                        ? name(event.data.sequence_start.anchor) : name(event.data.mapping_start.anchor)
                    walk.open.append((anchor, 1))
                    if walk.open.count > maxDepth {
                        return located(
                            "YAML lists and mappings are nested more than \(maxDepth) deep here: flatten them")
                    }
                case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                    guard let done = walk.open.popLast() else { return nil }
                    walk.add(done.size, anchor: done.anchor)
                default:
                    continue
                }
            }
        }
    }

    /// Expanded sizes: of every anchor read so far, and of the lists and mappings still open.
    private struct Walk {
        var sizes: [String: Int] = [:]
        var open: [(anchor: String?, size: Int)] = []
        var aliased = 0

        mutating func add(_ size: Int, anchor: String?) {
            if let anchor { sizes[anchor] = size }
            if !open.isEmpty { open[open.count - 1].size += size }
        }
    }

    private static func name(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }
}
