public import Foundation

/// The emulator's admin API (`/__admin`), from ``OpenMarketClient/admin``: put the server back to a known state,
/// see what an app sent, and make it fail on purpose.
///
/// Every call throws ``OpenMarketError/adminRefused(_:)`` when the emulator refuses it (bad input, a missing token),
/// and ``OpenMarketError/httpStatus(_:)`` when the server has no admin API (the real server, or `--no-admin`).
public struct OpenMarketAdmin: Sendable {
    let transport: HTTPTransport
    let token: String?

    /// `GET /__admin/health`: what runs, on what database, and whether it takes writes. A server whose database
    /// cannot take writes answers too (with 503): read ``AdminHealth/Database/isWritable`` and its reason.
    public func health() async throws(OpenMarketError) -> AdminHealth {
        try await JSONCoding.decode(AdminHealth.self, from: send(.get, "/__admin/health", success: [200, 503]))
    }

    /// `POST /__admin/reset`: empties the store, applies the seed again, clears the journal and the faults.
    /// - Returns: The health after the reset.
    @discardableResult
    public func reset() async throws(OpenMarketError) -> AdminHealth {
        try await JSONCoding.decode(AdminHealth.self, from: send(.post, "/__admin/reset", success: [200]))
    }

    /// `GET /__admin/requests`: the journal's entries that pass the filter, newest first.
    public func requests(_ filter: JournalFilter = JournalFilter()) async throws(OpenMarketError) -> JournalPage {
        try await JSONCoding.decode(JournalPage.self, from: send(.get, "/__admin/requests", query: filter.queryItems, success: [200]))
    }

    /// `GET /__admin/requests/{id}`: one request and its answer in full.
    public func request(id: Int) async throws(OpenMarketError) -> JournalEntry {
        try await JSONCoding.decode(JournalEntry.self, from: send(.get, "/__admin/requests/\(id)", success: [200]))
    }

    /// `GET /__admin/requests/{id}/request-body`: the bytes the app sent, as kept (up to the journal's cap).
    public func requestBody(id: Int) async throws(OpenMarketError) -> Data {
        try await send(.get, "/__admin/requests/\(id)/request-body", success: [200])
    }

    /// `GET /__admin/requests/{id}/response-body`: the bytes the server answered, as kept.
    public func responseBody(id: Int) async throws(OpenMarketError) -> Data {
        try await send(.get, "/__admin/requests/\(id)/response-body", success: [200])
    }

    /// `GET /__admin/requests.har`: the journal as a HAR 1.2 file, for Chrome DevTools, Charles or Proxyman.
    public func har() async throws(OpenMarketError) -> Data {
        try await send(.get, "/__admin/requests.har", success: [200])
    }

    /// `DELETE /__admin/requests`: empties the journal.
    public func clearRequests() async throws(OpenMarketError) {
        _ = try await send(.delete, "/__admin/requests", success: [200, 204])
    }

    /// `POST /__admin/faults`: adds a fault after the existing ones.
    /// - Returns: The fault as the server keeps it, with its ``Fault/id``.
    @discardableResult
    public func addFault(_ rule: FaultRule) async throws(OpenMarketError) -> Fault {
        let body = try JSONCoding.encode(rule)
        return try await JSONCoding.decode(Fault.self, from: send(.post, "/__admin/faults", body: body, success: [201]))
    }

    /// `GET /__admin/faults`: the active faults in creation order (the first that matches a request applies).
    public func faults() async throws(OpenMarketError) -> [Fault] {
        try await JSONCoding.decode(FaultList.self, from: send(.get, "/__admin/faults", success: [200])).faults
    }

    /// `DELETE /__admin/faults/{id}`: removes one fault.
    public func removeFault(id: Int) async throws(OpenMarketError) {
        _ = try await send(.delete, "/__admin/faults/\(id)", success: [200, 204])
    }

    /// `DELETE /__admin/faults`: removes every fault.
    public func removeAllFaults() async throws(OpenMarketError) {
        _ = try await send(.delete, "/__admin/faults", success: [200, 204])
    }

    /// `PUT /__admin/latency`: delays every API answer by a uniform draw from the range; `0...0` turns it off.
    public func setLatency(milliseconds: ClosedRange<Int>) async throws(OpenMarketError) {
        let body = try JSONCoding.encode(Latency(minMs: milliseconds.lowerBound, maxMs: milliseconds.upperBound))
        _ = try await send(.put, "/__admin/latency", body: body, success: [200, 204])
    }

    /// `POST /__admin/snapshots`: saves the whole store (products, images, id counters) in the emulator's memory.
    /// Refused with a 409 ``OpenMarketError/adminRefused(_:)`` when the name is taken or the snapshots would
    /// take more memory than the emulator allows, with a 400 when the name is not one.
    @discardableResult
    public func takeSnapshot(named name: String) async throws(OpenMarketError) -> Snapshot {
        let body = try JSONCoding.encode(SnapshotRequest(name: name))
        return try await JSONCoding.decode(Snapshot.self, from: send(.post, "/__admin/snapshots", body: body, success: [201]))
    }

    /// `GET /__admin/snapshots`: the snapshots kept, oldest first.
    public func snapshots() async throws(OpenMarketError) -> SnapshotList {
        try await JSONCoding.decode(SnapshotList.self, from: send(.get, "/__admin/snapshots", success: [200]))
    }

    /// `POST /__admin/snapshots/{name}/restore`: puts the store back as it was when the snapshot was taken; ids go
    /// on from there. The journal, faults and latency stay as they are. Refused with a 404 for an unknown name;
    /// a name that is not one throws ``OpenMarketError/invalidRequest(reason:)`` without sending anything.
    /// - Returns: The health after the restore.
    @discardableResult
    public func restoreSnapshot(named name: String) async throws(OpenMarketError) -> AdminHealth {
        try await JSONCoding.decode(
            AdminHealth.self, from: send(.post, "/__admin/snapshots/\(try pathSegment(name))/restore", success: [200]))
    }

    /// `DELETE /__admin/snapshots/{name}`: frees a snapshot's memory. Refused with a 404 for an unknown name.
    public func deleteSnapshot(named name: String) async throws(OpenMarketError) {
        _ = try await send(.delete, "/__admin/snapshots/\(try pathSegment(name))", success: [200, 204])
    }

    /// `POST /__admin/products`: adds `products` in one transaction, with the ids they give or the next free ones.
    /// Refused, with nothing added, with a 409 ``OpenMarketError/adminRefused(_:)`` when an id is taken and a 400
    /// when a vendor is not configured, an image is not a picture, or the generation's API refuses the product (in
    /// the API's words: a v1 price with a fraction, a currency v2 does not take, what `--strict` refuses); the
    /// message names the product. `allowingWhatTheAPIRefuses` inserts what the API refuses all the same, for a test
    /// that needs data the API could not make.
    /// - Returns: The products' ids, in order.
    @discardableResult
    public func insert(
        _ products: [SeedProduct], allowingWhatTheAPIRefuses: Bool = false
    ) async throws(OpenMarketError) -> [Int] {
        let body = try JSONCoding.encode(
            ProductInsert(products: products, allowingWhatTheAPIRefuses: allowingWhatTheAPIRefuses ? true : nil))
        return try await JSONCoding.decode(
            InsertedIDs.self, from: send(.post, "/__admin/products", body: body, success: [201])).ids
    }

    /// A name goes into the path only when it is a valid one (the emulator's rule); any other is refused here,
    /// since in a path it could name another resource (a slash, a dot segment).
    private func pathSegment(_ name: String) throws(OpenMarketError) -> String {
        func isLetterOrDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), isLetterOrDigit(bytes[0]),
            bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") })
        else {
            throw .invalidRequest(
                reason: "a snapshot name is 1 to 64 ASCII letters, digits, '-', '_' or '.', starting with a letter or digit, "
                    + "such as \"before-checkout\"; got \"\(name)\"")
        }
        return name
    }

    func send(
        _ method: APIRequest.Method, _ path: String, query: [(name: String, value: String)] = [], body: Data? = nil,
        success: Set<Int>
    ) async throws(OpenMarketError) -> Data {
        var headers: [(name: String, value: String)] = []
        if let token {
            headers.append((name: "Authorization", value: "Bearer \(token)"))
        }
        if body != nil {
            headers.append((name: "Content-Type", value: "application/json"))
        }
        let request = APIRequest(
            method: method, path: path, query: query, headers: headers, body: body, successStatuses: success)
        do {
            return try await transport.send(request).body
        } catch {
            if case .httpStatus(let failure) = error, let refusal = AdminFailure(failure) {
                throw .adminRefused(refusal)
            }
            throw error
        }
    }
}

/// `PUT /__admin/latency`'s body.
private struct Latency: Encodable {
    let minMs: Int
    let maxMs: Int
}

/// `POST /__admin/products`' body and answer. The flag is sent only when set, so that an insert without it
/// reaches an emulator older than the flag.
private struct ProductInsert: Encodable {
    let products: [SeedProduct]
    let allowingWhatTheAPIRefuses: Bool?
}

private struct InsertedIDs: Decodable {
    let ids: [Int]
}

/// `POST /__admin/snapshots`' body.
private struct SnapshotRequest: Encodable {
    let name: String
}

/// `GET /__admin/faults`' answer.
private struct FaultList: Decodable {
    let faults: [Fault]
}
