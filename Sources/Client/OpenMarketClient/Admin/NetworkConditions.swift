/// How fast the emulator carries bodies: it reads a request body at the upload rate and sends a response body at
/// the download rate, on both transports. The profiles are Apple's Network Link Conditioner presets with their
/// published bandwidths (1 kbps = 125 bytes per second) and, as `latencyMilliseconds`, the sum of their downlink
/// and uplink delays (the emulator delays each answer once; the presets' packet loss is not emulated).
///
/// ```swift
/// try await emulator.client.admin.setNetwork(.threeG)
/// ```
public struct NetworkConditions: Sendable, Hashable {
    /// Bytes per second of response bodies; `nil`: as fast as the transport goes.
    public var downloadBytesPerSecond: Int?
    /// Bytes per second of request bodies; `nil`: as fast as the transport goes.
    public var uploadBytesPerSecond: Int?
    /// The latency that comes with these conditions, in milliseconds, set with them by
    /// ``OpenMarketAdmin/setNetwork(_:)``; `nil` leaves the latency as it is
    /// (``OpenMarketAdmin/setLatency(milliseconds:)``).
    /// ``OpenMarketAdmin/network()`` reports the latency in effect, `nil` when it is a range.
    public var latencyMilliseconds: Int?

    public init(downloadBytesPerSecond: Int? = nil, uploadBytesPerSecond: Int? = nil, latencyMilliseconds: Int? = nil) {
        self.downloadBytesPerSecond = downloadBytesPerSecond
        self.uploadBytesPerSecond = uploadBytesPerSecond
        self.latencyMilliseconds = latencyMilliseconds
    }

    /// No throttling and no latency.
    public static let unlimited = NetworkConditions(latencyMilliseconds: 0)
    /// Edge: 240 kbps, 400 ms down; 200 kbps, 440 ms up.
    public static let edge = NetworkConditions(
        downloadBytesPerSecond: 30_000, uploadBytesPerSecond: 25_000, latencyMilliseconds: 840)
    /// 3G: 780 kbps, 100 ms down; 330 kbps, 100 ms up.
    public static let threeG = NetworkConditions(
        downloadBytesPerSecond: 97_500, uploadBytesPerSecond: 41_250, latencyMilliseconds: 200)
    /// LTE: 50 Mbps, 50 ms down; 10 Mbps, 65 ms up.
    public static let lte = NetworkConditions(
        downloadBytesPerSecond: 6_250_000, uploadBytesPerSecond: 1_250_000, latencyMilliseconds: 115)
    /// DSL: 2 Mbps, 5 ms down; 256 kbps, 5 ms up.
    public static let dsl = NetworkConditions(
        downloadBytesPerSecond: 250_000, uploadBytesPerSecond: 32_000, latencyMilliseconds: 10)
    /// Wi-Fi: 40 Mbps, 1 ms down; 33 Mbps, 1 ms up.
    public static let wifi = NetworkConditions(
        downloadBytesPerSecond: 5_000_000, uploadBytesPerSecond: 4_125_000, latencyMilliseconds: 2)
    /// Very Bad Network: 1 Mbps, 500 ms both ways (its 10 % packet loss is not emulated).
    public static let veryBadNetwork = NetworkConditions(
        downloadBytesPerSecond: 125_000, uploadBytesPerSecond: 125_000, latencyMilliseconds: 1000)
}
