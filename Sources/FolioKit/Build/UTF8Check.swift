/// Finds where a file stops being valid UTF-8, as a line and column.
enum UTF8Check {
    static func decode(_ bytes: [UInt8]) -> Result<String, Position> {
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return .failure(firstInvalid(bytes))
    }

    struct Position: Error, Equatable {
        var line: Int
        var column: Int
    }

    static func firstInvalid(_ bytes: [UInt8]) -> Position {
        var line = 1
        var column = 1
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar == "\n" {
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                return Position(line: line, column: column)
            case .error:
                return Position(line: line, column: column)
            }
        }
    }
}
