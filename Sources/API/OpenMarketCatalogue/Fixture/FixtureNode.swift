import OpenMarketWireFormat

/// A value of a fixture with its JSON path, read with messages that name the path and what was expected.
struct FixtureNode {
    let value: JSONValue
    let path: String

    func failure(_ message: String) -> FixtureError {
        FixtureError(path, message)
    }

    func expected(_ what: String) -> FixtureError {
        failure("expected \(what), found \(value.shownInMessages)")
    }

    /// The object's members; any key not in `allowed` is refused, so a misspelt key is not silently ignored.
    func members(allowed: [String]) throws(FixtureError) -> [String: FixtureNode] {
        guard case .object(let object) = value else { throw expected("an object") }
        var members: [String: FixtureNode] = [:]
        for member in object.members {
            let child = FixtureNode(value: member.value, path: child(member.key))
            guard allowed.contains(member.key) else {
                throw child.failure("unknown key; expected one of \(allowed.joined(separator: ", "))")
            }
            members[member.key] = child
        }
        return members
    }

    /// The path of a member: `products[3]` and `price` give `products[3].price`; the document's own are bare. A key
    /// that is not a short plain name (a misspelt key can be anything) is shown quoted and cut short, as
    /// `products[3]["pri\nce"]`, so the message stays one short line.
    func child(_ key: String) -> String {
        guard Self.isPlainName(key) else { return "\(path)[\(MessageQuoting.quoted(key))]" }
        return path.isEmpty ? key : "\(path).\(key)"
    }

    private static func isPlainName(_ key: String) -> Bool {
        (1...40).contains(key.utf8.count)
            && key.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    func elements() throws(FixtureError) -> [FixtureNode] {
        guard case .array(let values) = value else { throw expected("an array") }
        return values.enumerated().map { FixtureNode(value: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(FixtureError) -> String {
        guard case .string(let text) = value else { throw expected("a string") }
        return text
    }

    func nonEmptyString() throws(FixtureError) -> String {
        let text = try string()
        guard !text.isEmpty else { throw expected("a non-empty string") }
        return text
    }

    func number() throws(FixtureError) -> Double {
        guard case .number(let number) = value, number.value.isFinite else { throw expected("a number") }
        return number.value
    }

    func integer(atLeast minimum: Int64) throws(FixtureError) -> Int64 {
        guard case .number(let number) = value, let integer = Int64(number.text), integer >= minimum else {
            throw expected("a whole number of at least \(minimum)")
        }
        return integer
    }

    /// An instant as ISO-8601 text (`2024-03-04T09:00:00+09:00`) or as Unix seconds.
    func instant() throws(FixtureError) -> Double {
        if case .number = value { return try number() }
        guard case .string(let text) = value, let seconds = try? ISO8601Instant.parse(text) else {
            throw expected("an ISO-8601 instant such as \"2024-03-04T09:00:00+09:00\" or Unix seconds")
        }
        return seconds
    }
}

extension Optional<FixtureNode> {
    /// The member, or a message saying it is missing.
    func required(_ key: String, in parent: FixtureNode) throws(FixtureError) -> FixtureNode {
        guard let self else { throw FixtureError(parent.child(key), "missing; it is required") }
        return self
    }
}
