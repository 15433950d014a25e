/// Parses request bodies. Standard JSON, plus what clients were seen to send: a UTF-8 byte order mark and
/// surrounding whitespace are skipped, and raw control characters (a line break typed into hand-built JSON)
/// are kept inside strings. Nesting is limited so a hostile body cannot exhaust the stack.
package enum JSONReader {
    package static let defaultMaximumDepth = 64

    /// `keptDepth` bounds what is kept: arrays and objects nested deeper are still checked, but kept empty, except
    /// the values of the outermost object's `wholeMembers`, which are kept whole.
    package static func parse(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth, keptDepth: Int = .max,
        wholeMembers: Set<String> = []
    ) throws(JSONParseError) -> JSONValue {
        let parsed = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONParseError) -> JSONValue in
                var parser = JSONParser(
                    input: buffer, maximumDepth: maximumDepth, keptDepth: keptDepth, wholeMembers: wholeMembers)
                return try parser.parseDocument()
            }
        }
        if let parsed {
            return try parsed.get()
        }
        return try parse(Array(bytes), maximumDepth: maximumDepth, keptDepth: keptDepth, wholeMembers: wholeMembers)
    }

    /// The same, for bodies that must be an object (every request body the API reads). With `keepsMembersOnly`, the
    /// arrays and objects among its members are checked but kept empty: callers that read only the members' scalar
    /// values (and name a container by its kind) then pay nothing for a huge array in a key they ignore. The members
    /// named in `keepingWhole` are kept whole all the same, for the callers that read inside them.
    package static func parseObject(
        _ bytes: some Collection<UInt8>, maximumDepth: Int = defaultMaximumDepth, keepsMembersOnly: Bool = false,
        keepingWhole wholeMembers: Set<String> = []
    ) throws(JSONParseError) -> JSONObject {
        let value = try parse(
            bytes, maximumDepth: maximumDepth, keptDepth: keepsMembersOnly ? 1 : .max, wholeMembers: wholeMembers)
        guard case .object(let object) = value else {
            let start = bytes.prefix(3).elementsEqual(JSONParser.byteOrderMark) ? 3 : 0
            let offset = bytes.dropFirst(start).prefix { JSONParser.isWhitespace($0) }.count + start
            throw JSONParseError(offset: offset, message: "expected a JSON object ({...}), found \(value.shownInMessages)")
        }
        return object
    }
}

extension JSONValue {
    /// How error messages show a value: strings quoted (and cut short), numbers as written, containers by kind.
    package var shownInMessages: String {
        switch self {
        case .null: "null"
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number.text
        case .string(let text): MessageQuoting.quoted(text)
        case .array: "an array"
        case .object: "an object"
        }
    }
}
