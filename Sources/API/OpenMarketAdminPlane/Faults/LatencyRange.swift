import OpenMarketHTTPCore
import OpenMarketWireFormat

/// How long every API answer waits: uniformly between `minMs` and `maxMs` (equal for a fixed delay).
package struct LatencyRange: Sendable, Equatable {
    package static let maxMilliseconds = 600_000
    package static let none = LatencyRange(uncheckedMin: 0, max: 0)

    package let minMs: Int
    package let maxMs: Int

    private init(uncheckedMin minMs: Int, max maxMs: Int) {
        self.minMs = minMs
        self.maxMs = maxMs
    }

    /// nil unless 0 <= min <= max <= 600000.
    package init?(minMs: Int, maxMs: Int) {
        guard minMs >= 0, minMs <= maxMs, maxMs <= Self.maxMilliseconds else { return nil }
        self.init(uncheckedMin: minMs, max: maxMs)
    }

    /// `--latency MS` or `--latency MIN-MAX`; nil when the text is neither.
    package init?(option text: String) {
        let bounds = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard let low = Int(bounds[0]), let high = bounds.count == 2 ? Int(bounds[1]) : low else { return nil }
        self.init(minMs: low, maxMs: high)
    }

    func draw(using generator: inout some RandomNumberGenerator) -> Duration {
        .milliseconds(minMs == maxMs ? minMs : Int.random(in: minMs...maxMs, using: &generator))
    }

    /// `PUT /__admin/latency {"minMs": 100, "maxMs": 300}`; `maxMs` may be left out for a fixed delay.
    static func parse(_ body: [UInt8]) throws(AdminError) -> LatencyRange {
        let usage = "the body must be {\"minMs\": 100, \"maxMs\": 300}, whole milliseconds with 0 <= minMs <= maxMs "
            + "<= \(maxMilliseconds) ({\"minMs\": 0, \"maxMs\": 0} turns latency off)"
        guard let object = try? JSONReader.parseObject(body),
            object.members.allSatisfy({ ["minMs", "maxMs"].contains($0.key) }),
            case .number(let low)? = object["minMs"], let minMs = Int(low.text)
        else { throw .badRequest(usage) }
        var maxMs = minMs
        if let high = object["maxMs"] {
            guard case .number(let number) = high, let value = Int(number.text) else { throw .badRequest(usage) }
            maxMs = value
        }
        guard let range = LatencyRange(minMs: minMs, maxMs: maxMs) else { throw .badRequest(usage) }
        return range
    }

    var response: Response {
        AdminJSON.response { json in
            json.object { json in
                json.field("minMs", minMs)
                json.field("maxMs", maxMs)
            }
        }
    }
}
