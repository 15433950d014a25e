/// A parsed JSON document, as read from a request body.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)
}

/// A number as written in the request (`1000`, `9.99`, `1e3`) and the double it denotes; integer accessors
/// read the text so that large integers keep every digit.
package struct JSONNumber: Sendable, Equatable {
    package let text: String
    /// Infinite when the text is beyond the double range (`1e400`).
    package let value: Double
}

/// An object's members in the order they were written. A repeated key keeps its first position and its last
/// value, as Jackson's tree model does.
package struct JSONObject: Sendable, Equatable {
    package struct Member: Sendable, Equatable {
        package let key: String
        package var value: JSONValue
    }

    package private(set) var members: [Member] = []
    private var positions: [String: Int] = [:]

    package init() {}

    package subscript(key: String) -> JSONValue? {
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
