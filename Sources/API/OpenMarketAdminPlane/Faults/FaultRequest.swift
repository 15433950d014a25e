import OpenMarketHTTPCore
import OpenMarketWireFormat

/// Reads the body of `POST /__admin/faults`. Every member is checked and an unknown one is refused, so a typo is a
/// 400 that says what is accepted rather than a fault that silently does something else.
enum FaultRequest {
    static let members = ["method", "path", "action", "status", "body", "headers", "delayMs", "times", "probability"]
    static let maxDelayMilliseconds = 600_000

    static func fault(from body: [UInt8]) throws(AdminError) -> Fault {
        let object: JSONObject
        do {
            object = try JSONReader.parseObject(body)
        } catch {
            throw .badRequest(
                "the body must be a JSON object such as {\"path\": \"/api/products/*\", \"action\": \"drop\"}: \(error)")
        }
        for member in object.members where !members.contains(member.key) {
            throw .badRequest("unknown member \"\(member.key)\"; a fault takes \(members.joined(separator: ", "))")
        }
        guard case .string(let pathText)? = object["path"] else {
            throw .badRequest("path is required, a string such as \"/api/products/*\" (* one segment, ** the rest)")
        }
        guard case .string(let actionText)? = object["action"], let action = Fault.Action(rawValue: actionText) else {
            throw .badRequest("action is required, one of \(Fault.Action.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        var fault = Fault(path: try FaultPath(pathText), action: action)
        fault.method = try method(object)
        if action == .respond {
            fault.status = try status(object)
            fault.body = try text(object, "body")
            fault.headers = try headers(object)
        } else if let extra = ["status", "body", "headers"].first(where: { object[$0] != nil }) {
            throw .badRequest("\(extra) goes with action \"respond\" only; \(action.rawValue) sends no answer of its own")
        }
        fault.delay = .milliseconds(try whole(object, "delayMs", in: 0...maxDelayMilliseconds) ?? 0)
        fault.remaining = try whole(object, "times", in: 1...Int(Int32.max))
        fault.probability = try probability(object)
        return fault
    }

    private static func method(_ object: JSONObject) throws(AdminError) -> String? {
        guard let text = try text(object, "method") else { return nil }
        guard !text.isEmpty, text.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
            throw .badRequest("method must be an HTTP method such as GET or POST; got \"\(text)\"")
        }
        return text.uppercased()
    }

    private static func status(_ object: JSONObject) throws(AdminError) -> HTTPStatus? {
        guard let code = try whole(object, "status", in: 200...599) else { return nil }
        return HTTPStatus(code: code, reasonPhrase: "set by a fault")
    }

    private static func headers(_ object: JSONObject) throws(AdminError) -> HTTPHeaders {
        guard let value = object["headers"] else { return HTTPHeaders() }
        guard case .object(let fields) = value else {
            throw .badRequest("headers must be an object of names and string values, e.g. {\"Retry-After\": \"5\"}")
        }
        var headers = HTTPHeaders()
        for field in fields.members {
            guard case .string(let text) = field.value, isToken(field.key),
                !text.utf8.contains(where: { $0 == 10 || $0 == 13 || $0 == 0 })
            else {
                throw .badRequest("header \"\(field.key)\" must be a name without spaces and a string value on one line")
            }
            headers.add(name: field.key, value: text)
        }
        return headers
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: ":") }
    }

    private static func text(_ object: JSONObject, _ key: String) throws(AdminError) -> String? {
        switch object[key] {
        case nil: return nil
        case .string(let text)?: return text
        default: throw .badRequest("\(key) must be a string")
        }
    }

    private static func whole(_ object: JSONObject, _ key: String, in range: ClosedRange<Int>) throws(AdminError) -> Int? {
        guard let value = object[key] else { return nil }
        guard case .number(let number) = value, let whole = Int(number.text), range.contains(whole) else {
            throw .badRequest("\(key) must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return whole
    }

    private static func probability(_ object: JSONObject) throws(AdminError) -> Double? {
        guard let value = object["probability"] else { return nil }
        guard case .number(let number) = value, number.value > 0, number.value <= 1 else {
            throw .badRequest("probability must be a number above 0 and at most 1 (0.25: one request in four)")
        }
        return number.value
    }
}
