import OpenMarketHTTPCore
import OpenMarketWireFormat

/// JSON request bodies and `params` parts, read whatever their Content-Type says (docs/wire-format.md §6.1), with
/// every problem answered as a 400 that quotes the parser's or the field's explanation.
enum RequestJSON {
    /// A JSON object whose lenient field reads (numbers as strings too) fail as 400s.
    struct Object: Sendable {
        let object: JSONObject

        func string(_ key: String) throws(APIError) -> String? {
            try read { () throws(JSONFieldError) in try object.string(key) }
        }

        func double(_ key: String) throws(APIError) -> Double? {
            try read { () throws(JSONFieldError) in try object.double(key) }
        }

        func int64(_ key: String) throws(APIError) -> Int64? {
            try read { () throws(JSONFieldError) in try object.int64(key) }
        }

        private func read<T>(_ body: () throws(JSONFieldError) -> T) throws(APIError) -> T {
            do {
                return try body()
            } catch {
                throw .badJSONMember(explanation: error.message)
            }
        }
    }

    /// `source` names what was read, e.g. `the "params" part`, so the client knows where to look; `example` is
    /// what an empty body is told to send instead. Only the members named in `keepingWhole` keep their arrays and
    /// objects' contents.
    static func object(
        _ bytes: [UInt8], source: String, example: String = #"{"secret":"..."}"#, keepingWhole: Set<String> = []
    ) throws(APIError) -> Object {
        guard bytes.contains(where: { !Self.isWhitespace($0) }) else {
            throw .emptyJSON(source: source, example: example)
        }
        do {
            // Only the members' scalar values are read, so a huge array under any other key costs no memory.
            return Object(
                object: try JSONReader.parseObject(bytes, keepsMembersOnly: true, keepingWhole: keepingWhole))
        } catch {
            throw .malformedJSON(source: source, explanation: error.description)
        }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
