import OpenMarketHTTPCore
import OpenMarketWireFormat

/// `PUT /__admin/network`'s body: a profile by name, or the two rates (null: unlimited) with, optionally, a fixed
/// latency in milliseconds. Latency left out stays as it is.
struct NetworkSetting {
    let rates: NetworkPace.Rates
    let latency: LatencyRange?

    private static let usage = "the body must be {\"profile\": NAME} with NAME one of \(NetworkProfile.names), or "
        + "{\"downloadBytesPerSecond\": 100000, \"uploadBytesPerSecond\": 50000, \"latencyMs\": 200}: whole bytes per "
        + "second from \(NetworkPace.Rates.allowed.lowerBound) to \(NetworkPace.Rates.allowed.upperBound), null or "
        + "left out for unlimited, and latencyMs (optional) from 0 to \(LatencyRange.maxMilliseconds)"

    static func parse(_ body: [UInt8]) throws(AdminError) -> NetworkSetting {
        guard let object = try? JSONReader.parseObject(body) else { throw .badRequest(usage) }
        if let profile = object["profile"] {
            guard object.members.count == 1, case .string(let name) = profile else { throw .badRequest(usage) }
            guard let named = NetworkProfile.named(name) else {
                throw .badRequest("no network profile \"\(name)\"; the profiles are \(NetworkProfile.names)")
            }
            return NetworkSetting(rates: named.rates, latency: LatencyRange(minMs: named.latencyMs, maxMs: named.latencyMs))
        }
        let keys = ["downloadBytesPerSecond", "uploadBytesPerSecond", "latencyMs"]
        guard object.members.allSatisfy({ keys.contains($0.key) }) else { throw .badRequest(usage) }
        let download = try rate(object["downloadBytesPerSecond"])
        let upload = try rate(object["uploadBytesPerSecond"])
        var latency: LatencyRange?
        if let value = object["latencyMs"] {
            guard case .number(let number) = value, let milliseconds = Int(number.text),
                let fixed = LatencyRange(minMs: milliseconds, maxMs: milliseconds)
            else { throw .badRequest(usage) }
            latency = fixed
        }
        return NetworkSetting(
            rates: NetworkPace.Rates(uploadBytesPerSecond: upload, downloadBytesPerSecond: download), latency: latency)
    }

    private static func rate(_ value: JSONValue?) throws(AdminError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let number)?:
            guard let rate = Int(number.text), NetworkPace.Rates.allowed.contains(rate) else { throw .badRequest(usage) }
            return rate
        default: throw .badRequest(usage)
        }
    }

    /// `GET /__admin/network`: the rates (null: unlimited), the latency, the profile they match if any, and every
    /// profile, so that the page and scripts need no table of their own.
    static func response(rates: NetworkPace.Rates, latency: LatencyRange) -> Response {
        AdminJSON.response { json in
            json.object { json in
                rate(&json, "downloadBytesPerSecond", rates.downloadBytesPerSecond)
                rate(&json, "uploadBytesPerSecond", rates.uploadBytesPerSecond)
                json.key("latency")
                json.object { json in
                    json.field("minMs", latency.minMs)
                    json.field("maxMs", latency.maxMs)
                }
                let matching = NetworkProfile.all.first { profile in
                    profile.rates == rates && latency.minMs == profile.latencyMs && latency.maxMs == profile.latencyMs
                }
                if let matching {
                    json.field("profile", matching.name)
                }
                json.key("profiles")
                json.array { json in
                    for profile in NetworkProfile.all {
                        json.object { json in
                            json.field("name", profile.name)
                            rate(&json, "downloadBytesPerSecond", profile.rates.downloadBytesPerSecond)
                            rate(&json, "uploadBytesPerSecond", profile.rates.uploadBytesPerSecond)
                            json.field("latencyMs", profile.latencyMs)
                        }
                    }
                }
            }
        }
    }

    private static func rate(_ json: inout JSONWriter, _ key: StaticString, _ value: Int?) {
        json.key(key)
        if let value { json.value(value) } else { json.nullValue() }
    }
}
