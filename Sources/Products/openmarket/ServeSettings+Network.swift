import OpenMarketAdminPlane
import OpenMarketHTTPCore

extension ServeSettings {
    /// What `--network` (`OPENMARKET_NETWORK`) names: the rates, and the latency of a profile (nil for bare rates).
    struct NetworkChoice {
        var rates = NetworkPace.Rates()
        var latency: LatencyRange?
    }

    static func networkChoice(options: ServeOptions, env: EnvironmentReader) throws -> NetworkChoice {
        guard let text = options.network ?? env["OPENMARKET_NETWORK"] else { return NetworkChoice() }
        if let profile = NetworkProfile.named(text) {
            return NetworkChoice(
                rates: profile.rates, latency: LatencyRange(minMs: profile.latencyMs, maxMs: profile.latencyMs))
        }
        guard let rates = NetworkPace.Rates(option: text) else {
            let allowed = NetworkPace.Rates.allowed
            throw SettingRefusal.refuse(
                options.network == nil ? "OPENMARKET_NETWORK" : "--network",
                "must be a profile (\(NetworkProfile.names)) or DOWN/UP whole bytes per second from "
                    + "\(allowed.lowerBound) to \(allowed.upperBound), e.g. 100000/50000 (one number for both); "
                    + "got \"\(text)\"")
        }
        return NetworkChoice(rates: rates)
    }
}
