/// Recursive descent over the bytes of one document; recursion depth is bounded by `maximumDepth`.
struct JSONParser {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private let input: UnsafeBufferPointer<UInt8>
    private let maximumDepth: Int
    /// Containers nested deeper are checked but kept empty, so their elements cost no memory.
    private var keptDepth: Int
    /// Members of the outermost object whose values are kept whole, whatever `keptDepth` says.
    private let wholeMembers: Set<String>
    private var position = 0
    private var depth = 0

    init(input: UnsafeBufferPointer<UInt8>, maximumDepth: Int, keptDepth: Int = .max, wholeMembers: Set<String> = []) {
        self.input = input
        self.maximumDepth = maximumDepth
        self.keptDepth = keptDepth
        self.wholeMembers = wholeMembers
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        if input.starts(with: Self.byteOrderMark) {
            position = Self.byteOrderMark.count
        }
        skipWhitespace()
        let value = try parseValue(expecting: "expected a JSON value")
        skipWhitespace()
        guard position == input.count else {
            throw failure("expected the end of the input after the JSON value")
        }
        return value
    }

    // MARK: Values

    private mutating func parseValue(expecting expectation: String) throws(JSONParseError) -> JSONValue {
        guard let byte = current else {
            throw failure(expectation)
        }
        switch byte {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return .array(try parseArray())
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "t") where matches("true"): return .bool(true)
        case UInt8(ascii: "f") where matches("false"): return .bool(false)
        case UInt8(ascii: "n") where matches("null"): return .null
        default:
            let hint = isWordByte(byte) ? " (text needs double quotes; the literals are true, false and null)" : ""
            throw failure(expectation, hint: hint)
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONObject {
        var object = JSONObject()
        try parseElements(closing: UInt8(ascii: "}")) { parser, isFirst throws(JSONParseError) in
            guard parser.current == UInt8(ascii: "\"") else {
                throw parser.failure(isFirst ? "expected a key in double quotes or '}'"
                    : "expected a key in double quotes after ','")
            }
            // Read even inside a skipped container: error messages name the key.
            let key = try parser.parseString(keepingText: true)
            let shownKey = MessageQuoting.quoted(key)
            parser.skipWhitespace()
            guard parser.skip(UInt8(ascii: ":")) else {
                throw parser.failure("expected ':' after the key \(shownKey)")
            }
            parser.skipWhitespace()
            let keptDepth = parser.keptDepth
            if parser.depth == 1 && parser.wholeMembers.contains(key) {
                parser.keptDepth = .max
            }
            let value = try parser.parseValue(expecting: "expected a value for \(shownKey)")
            parser.keptDepth = keptDepth
            if parser.depth <= parser.keptDepth {
                object.set(value, for: key)
            }
            return "expected ',' or '}' after the value of \(shownKey)"
        }
        return object
    }

    private mutating func parseArray() throws(JSONParseError) -> [JSONValue] {
        var elements: [JSONValue] = []
        try parseElements(closing: UInt8(ascii: "]")) { parser, isFirst throws(JSONParseError) in
            let expectation = isFirst ? "expected a value or ']'" : "expected a value after ','"
            let element = try parser.parseValue(expecting: expectation)
            if parser.depth <= parser.keptDepth {
                elements.append(element)
            }
            return "expected ',' or ']' after an array element"
        }
        return elements
    }

    /// Reads a container from its opening bracket to `closing`, one element at a time with commas between;
    /// `readElement` returns what to expect when neither a comma nor `closing` follows its element.
    private mutating func parseElements(
        closing: UInt8, readElement: (inout JSONParser, _ isFirst: Bool) throws(JSONParseError) -> String
    ) throws(JSONParseError) {
        try enterContainer()
        skipWhitespace()
        var isFirst = true
        if !skip(closing) {
            while true {
                let separatorExpectation = try readElement(&self, isFirst)
                skipWhitespace()
                if skip(closing) {
                    break
                }
                guard skip(UInt8(ascii: ",")) else {
                    throw failure(separatorExpectation)
                }
                skipWhitespace()
                isFirst = false
            }
        }
        depth -= 1
    }

    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maximumDepth else {
            throw JSONParseError(
                offset: position,
                message: "expected at most \(maximumDepth) levels of nested arrays and objects, found a deeper one")
        }
        position += 1
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = position
        _ = skip(UInt8(ascii: "-"))
        if skip(UInt8(ascii: "0")) {
            if current.map(isDigit) == true {
                throw failure("expected '.', 'e' or the end of the number after a leading 0 (JSON numbers have no "
                    + "leading zeros)")
            }
        } else {
            try skipDigits(expecting: "expected a digit after '-'")
        }
        if skip(UInt8(ascii: ".")) {
            try skipDigits(expecting: "expected a digit after the decimal point")
        }
        if skip(UInt8(ascii: "e")) || skip(UInt8(ascii: "E")) {
            _ = skip(UInt8(ascii: "+")) || skip(UInt8(ascii: "-"))
            try skipDigits(expecting: "expected a digit in the exponent")
        }
        if isSkipping {
            return JSONNumber(text: "", value: 0)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<position]), as: UTF8.self)
        // The grammar above only lets through text that `Double` reads; beyond its range it gives infinity.
        return JSONNumber(text: text, value: Double(text) ?? .nan)
    }

    private mutating func skipDigits(expecting expectation: String) throws(JSONParseError) {
        guard current.map(isDigit) == true else {
            throw failure(expectation)
        }
        while current.map(isDigit) == true {
            position += 1
        }
    }

    // MARK: Strings

    /// Inside a skipped container the text is not built and "" is returned, unless `keepingText`.
    private mutating func parseString(keepingText: Bool = false) throws(JSONParseError) -> String {
        let opening = position
        position += 1
        var unescaped: [UInt8] = []
        var plainStart = position
        while true {
            guard let byte = current else {
                throw failure("expected '\"' to close the string that starts at byte \(opening)")
            }
            switch byte {
            case UInt8(ascii: "\""):
                let plain = UnsafeBufferPointer(rebasing: input[plainStart..<position])
                position += 1
                if isSkipping && !keepingText {
                    return ""
                }
                if unescaped.isEmpty {
                    return String(decoding: plain, as: UTF8.self)
                }
                unescaped.append(contentsOf: plain)
                return String(decoding: unescaped, as: UTF8.self)
            case UInt8(ascii: "\\"):
                unescaped.append(contentsOf: UnsafeBufferPointer(rebasing: input[plainStart..<position]))
                try appendEscape(to: &unescaped)
                plainStart = position
            case 0x80...:
                try skipUTF8Sequence()
            default:
                position += 1
            }
        }
    }

    private mutating func appendEscape(to buffer: inout [UInt8]) throws(JSONParseError) {
        position += 1
        let replacement: UInt8
        switch current {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = 0x0A
        case UInt8(ascii: "r"): replacement = 0x0D
        case UInt8(ascii: "t"): replacement = 0x09
        case UInt8(ascii: "u"):
            buffer.append(contentsOf: try unicodeEscape().utf8)
            return
        default:
            throw failure(#"expected an escape sequence (\", \\, \/, \b, \f, \n, \r, \t or \uXXXX) after '\'"#)
        }
        buffer.append(replacement)
        position += 1
    }

    /// Reads `uXXXX` (the position is at the `u`), joining a UTF-16 surrogate pair into one character.
    private mutating func unicodeEscape() throws(JSONParseError) -> String {
        let escapeStart = position - 1
        let first = try hexQuad()
        if (0xDC00...0xDFFF).contains(first) {
            throw JSONParseError(offset: escapeStart, message: "expected a character escape, found the unpaired "
                + "low surrogate \(Self.escapeText(first)) (it must follow a high surrogate \\uD800-\\uDBFF)")
        }
        guard (0xD800...0xDBFF).contains(first) else {
            return String(decoding: [first], as: UTF16.self)
        }
        let pairExpectation = "expected a low surrogate \\uDC00-\\uDFFF after the high surrogate "
            + Self.escapeText(first)
        guard current == UInt8(ascii: "\\"), position + 1 < input.count, input[position + 1] == UInt8(ascii: "u")
        else {
            throw failure(pairExpectation)
        }
        let secondStart = position
        position += 1
        let second = try hexQuad()
        guard (0xDC00...0xDFFF).contains(second) else {
            position = secondStart
            throw failure(pairExpectation)
        }
        return String(decoding: [first, second], as: UTF16.self)
    }

    /// Reads `uXXXX` with the position at the `u`, leaving it after the last hex digit.
    private mutating func hexQuad() throws(JSONParseError) -> UInt16 {
        position += 1
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let digit = current.flatMap(Self.hexValue) else {
                throw failure(#"expected 4 hex digits after \u"#)
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// Checks one multi-byte UTF-8 character (no overlong forms, no surrogates, nothing above U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONParseError) {
        guard let length = UTF8Sequence.length(at: position, in: input) else {
            throw failure("expected UTF-8 text in the string")
        }
        position += length
    }

    // MARK: Cursor

    /// Inside a container deeper than `keptDepth`, whose values are checked and dropped: nothing is built for them.
    private var isSkipping: Bool {
        depth > keptDepth
    }

    private var current: UInt8? {
        position < input.count ? input[position] : nil
    }

    private mutating func skip(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while let byte = current, Self.isWhitespace(byte) {
            position += 1
        }
    }

    private mutating func matches(_ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard position + length <= input.count else { return false }
        let found = literal.withUTF8Buffer { $0.elementsEqual(input[position..<position + length]) }
        if found {
            position += length
        }
        return found
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// A character a message can show between quotes: not a line or paragraph break (NEL, U+2028, U+2029 would
    /// break a message's one line), not a control, format or space character (nothing would show between them).
    private static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator, .privateUse, .surrogate,
            .unassigned:
            false
        default:
            !scalar.properties.isWhitespace
        }
    }

    /// `U+0085`, as the Unicode standard writes a code point.
    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || isDigit(byte) || byte == UInt8(ascii: "_")
    }

    private static func hexValue(_ byte: UInt8) -> UInt16? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt16(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt16(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt16(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private static func escapeText(_ unit: UInt16) -> String {
        let hex = String(unit, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    // MARK: Errors

    private func failure(_ expectation: String, hint: String = "") -> JSONParseError {
        JSONParseError(offset: position, message: "\(expectation), found \(foundHere)\(hint)")
    }

    /// The input at the current position as a reader would name it: a quoted character or word, a byte value
    /// for what cannot be shown, or the end.
    private var foundHere: String {
        guard let byte = current else { return "the end of the input" }
        if isWordByte(byte) {
            let word = input[position...].prefix { isWordByte($0) }.prefix(MessageQuoting.maximumCharacters)
            return "'" + String(decoding: UnsafeBufferPointer(rebasing: word), as: UTF8.self) + "'"
        }
        if (0x21...0x7E).contains(byte) {
            return "'" + String(UnicodeScalar(byte)) + "'"
        }
        if byte >= 0x80, let length = UTF8Sequence.length(at: position, in: input) {
            let bytes = UnsafeBufferPointer(rebasing: input[position..<position + length])
            let character = String(decoding: bytes, as: UTF8.self)
            // A well-formed sequence decodes to one scalar.
            guard let scalar = character.unicodeScalars.first else { return "'" + character + "'" }
            return Self.isVisible(scalar) ? "'" + character + "'" : "the character " + Self.codePoint(scalar)
        }
        let hex = String(byte, radix: 16, uppercase: true)
        return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
    }
}
