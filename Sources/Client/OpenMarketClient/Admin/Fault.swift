/// A fault to add with ``OpenMarketAdmin/addFault(_:)``: which requests it catches and what it does to them.
public struct FaultRule: Sendable, Hashable, Codable {
    /// Only this HTTP method; `nil` for every method.
    public var method: String?
    /// Matched after slash normalisation, query ignored; `*` stands for one segment, `**` for the rest.
    public var path: String
    public var action: FaultAction
    /// For ``FaultAction/respond``: the status to answer; `nil` answers the real response after ``delayMs``.
    public var status: Int?
    public var body: String?
    public var headers: [String: String]?
    public var delayMs: Int?
    /// The fault goes after catching this many requests; `nil` keeps it.
    public var times: Int?
    /// The share of matching requests it catches, from 0 to 1 (drawn from `--fault-seed` when given).
    public var probability: Double?

    /// Creates a rule.
    public init(
        method: String? = nil, path: String, action: FaultAction, status: Int? = nil, body: String? = nil,
        headers: [String: String]? = nil, delayMs: Int? = nil, times: Int? = nil, probability: Double? = nil
    ) {
        self.method = method
        self.path = path
        self.action = action
        self.status = status
        self.body = body
        self.headers = headers
        self.delayMs = delayMs
        self.times = times
        self.probability = probability
    }
}

/// What a fault does to a request it catches.
public enum FaultAction: String, Sendable, Hashable, Codable {
    /// Answers with the rule's status, body and headers (or the real answer, late).
    case respond
    /// Closes the connection without answering.
    case drop
    /// Resets the TCP connection.
    case reset
    /// Sends the real headers with the full Content-Length, half the body, and closes.
    case truncate
}

/// An active fault, as the server keeps it.
public struct Fault: Sendable, Hashable, Decodable {
    /// For ``OpenMarketAdmin/removeFault(id:)``.
    public let id: Int
    public let rule: FaultRule

    /// The rule's fields sit beside `id` in the same object.
    public init(from decoder: any Decoder) throws {
        rule = try FaultRule(from: decoder)
        id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
    }

    private enum CodingKeys: String, CodingKey {
        case id
    }
}
