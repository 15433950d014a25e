#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The journal's two clocks. A request needs its start on the monotonic clock, for its duration, and on the wall
/// clock, for its time. The wall time is worked out from the monotonic start and an anchor, a pair of readings of
/// both clocks, taken again once the anchor is a second old: a request reads one clock fewer, and a wall clock set by
/// hand or by NTP shows in the journal within a second.
struct JournalClock {
    private var anchorMonotonic: UInt64
    private var anchorWall: Double

    init() {
        anchorWall = Self.wallSeconds()
        anchorMonotonic = Self.monotonicNanoseconds()
    }

    /// Unix seconds at `instant`, a reading of `monotonicNanoseconds()`. One taken just before the anchor (a request
    /// that started while another re-anchored) comes out just before the anchor's wall time.
    mutating func wallSeconds(atMonotonic instant: UInt64) -> Double {
        if Int64(bitPattern: instant &- anchorMonotonic) >= 1_000_000_000 {
            anchorWall = Self.wallSeconds()
            anchorMonotonic = Self.monotonicNanoseconds()
        }
        return anchorWall + Double(Int64(bitPattern: instant &- anchorMonotonic)) / 1e9
    }

    /// Read straight from the clock: `ContinuousClock`'s instants and durations cost 128-bit arithmetic on every
    /// request, for a number the journal keeps in microseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    static func wallSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
