#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The time products are registered at, in Unix seconds. `OPENMARKET_NOW` fixes it so tests get stable dates.
package struct MarketClock: Sendable {
    private let fixed: Double?

    package init(fixedAt fixed: Double? = nil) {
        self.fixed = fixed
    }

    package func now() -> Double {
        if let fixed { return fixed }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
