package import OpenMarketHTTPCore

/// A named network as Apple's Network Link Conditioner presets describe it (its published downlink and uplink
/// bandwidths, in bytes per second here, 1 kbps being 125 bytes per second). Its latency is the round trip, the sum
/// of the preset's downlink and uplink delays: the emulator delays the whole answer once. The presets' packet loss
/// is not emulated. `--network NAME`, `PUT /__admin/network {"profile": NAME}` and the page's switches use them.
package struct NetworkProfile: Sendable, Equatable {
    package let name: String
    package let rates: NetworkPace.Rates
    package let latencyMs: Int

    private init(_ name: String, download: Int?, upload: Int?, latencyMs: Int) {
        self.name = name
        rates = NetworkPace.Rates(uploadBytesPerSecond: upload, downloadBytesPerSecond: download)
        self.latencyMs = latencyMs
    }

    /// Fastest last, as the page lists them.
    package static let all: [NetworkProfile] = [
        NetworkProfile("unlimited", download: nil, upload: nil, latencyMs: 0),
        // 240 kbps, 400 ms down; 200 kbps, 440 ms up.
        NetworkProfile("edge", download: 30_000, upload: 25_000, latencyMs: 840),
        // 780 kbps, 100 ms down; 330 kbps, 100 ms up.
        NetworkProfile("3g", download: 97_500, upload: 41_250, latencyMs: 200),
        // 1 Mbps, 500 ms both ways (and 10 % loss, not emulated).
        NetworkProfile("very-bad-network", download: 125_000, upload: 125_000, latencyMs: 1000),
        // 2 Mbps, 5 ms down; 256 kbps, 5 ms up.
        NetworkProfile("dsl", download: 250_000, upload: 32_000, latencyMs: 10),
        // 40 Mbps, 1 ms down; 33 Mbps, 1 ms up.
        NetworkProfile("wifi", download: 5_000_000, upload: 4_125_000, latencyMs: 2),
        // 50 Mbps, 50 ms down; 10 Mbps, 65 ms up.
        NetworkProfile("lte", download: 6_250_000, upload: 1_250_000, latencyMs: 115),
    ]

    package static func named(_ name: String) -> NetworkProfile? {
        all.first { $0.name == name }
    }

    package static var names: String {
        all.map(\.name).joined(separator: ", ")
    }
}
