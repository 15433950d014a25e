/// A parsed JSON document, as read from a request body.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A number as written in the request (`1000`, `9.99`, `1e3`) and the double it denotes; integer accessors
/// read the text so that large integers keep every digit.
public struct JSONNumber: Sendable, Equatable {
    public let text: String
    /// Infinite when the text is beyond the double range (`1e400`).
    public let value: Double
}

/// An object's members in the order they were written. A repeated key keeps its first position and its last
/// value, as Jackson's tree model does.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let key: String
        public var value: JSONValue
    }

    public private(set) var members: [Member] = []
    private var positions: [String: Int] = [:]

    public init() {}

    public subscript(key: String) -> JSONValue? {
        positions[key].map { members[$0].value }
    }

    mutating func set(_ value: JSONValue, for key: String) {
        if let position = positions[key] {
            members[position].value = value
        } else {
            positions[key] = members.count
            members.append(Member(key: key, value: value))
        }
    }
}
