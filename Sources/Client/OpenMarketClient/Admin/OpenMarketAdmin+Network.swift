/// `/__admin/network`: how fast bodies travel.
extension OpenMarketAdmin {
    /// `PUT /__admin/network`: from the next request on, bodies travel at these rates; a `latencyMilliseconds`
    /// sets the latency too (as ``setLatency(milliseconds:)`` with a fixed delay).
    public func setNetwork(_ conditions: NetworkConditions) async throws(OpenMarketError) {
        let body = try JSONCoding.encode(NetworkBody(conditions))
        _ = try await send(.put, "/__admin/network", body: body, success: [200])
    }

    /// `GET /__admin/network`: the rates in effect, with the latency when it is a fixed delay.
    public func network() async throws(OpenMarketError) -> NetworkConditions {
        let answer = try await JSONCoding.decode(NetworkAnswer.self, from: send(.get, "/__admin/network", success: [200]))
        return NetworkConditions(
            downloadBytesPerSecond: answer.downloadBytesPerSecond, uploadBytesPerSecond: answer.uploadBytesPerSecond,
            latencyMilliseconds: answer.latency.minMs == answer.latency.maxMs ? answer.latency.minMs : nil)
    }
}

/// `PUT /__admin/network`'s body: the rates as null when unlimited, which the server reads as such.
private struct NetworkBody: Encodable {
    let conditions: NetworkConditions

    init(_ conditions: NetworkConditions) {
        self.conditions = conditions
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(conditions.downloadBytesPerSecond, forKey: .downloadBytesPerSecond)
        try container.encode(conditions.uploadBytesPerSecond, forKey: .uploadBytesPerSecond)
        try container.encodeIfPresent(conditions.latencyMilliseconds, forKey: .latencyMs)
    }

    private enum CodingKeys: String, CodingKey {
        case downloadBytesPerSecond, uploadBytesPerSecond, latencyMs
    }
}

/// `GET /__admin/network`'s answer, as far as the client reads it.
private struct NetworkAnswer: Decodable {
    let downloadBytesPerSecond: Int?
    let uploadBytesPerSecond: Int?
    let latency: Latency

    struct Latency: Decodable {
        let minMs: Int
        let maxMs: Int
    }
}
