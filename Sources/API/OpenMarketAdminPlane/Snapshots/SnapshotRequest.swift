import OpenMarketWireFormat

/// Reads the body of `POST /__admin/snapshots`: `{"name": "before"}`, nothing else, so a typo is a 400 that says
/// what is accepted rather than a snapshot under a name nobody meant.
enum SnapshotRequest {
    static func name(from body: [UInt8]) throws(AdminError) -> SnapshotName {
        let usage = "the body must be a JSON object with the snapshot's name, such as {\"name\": \"before-checkout\"}"
        let object: JSONObject
        do {
            object = try JSONReader.parseObject(body)
        } catch {
            throw .badRequest("\(usage): \(error)")
        }
        if let unknown = object.members.first(where: { $0.key != "name" }) {
            throw .badRequest("unknown member \"\(unknown.key)\"; \(usage)")
        }
        guard case .string(let text)? = object["name"] else { throw .badRequest(usage) }
        return try SnapshotName(text)
    }
}
