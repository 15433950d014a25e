import OpenMarketLocking

/// Version-1 (time-based) UUIDs shaped like the real server's, e.g. `b5b494e9-c59a-11ee-aa7e-b5a5ef67d3a0`:
/// a millisecond clock with a counter below it, so ids made within one millisecond are consecutive (the
/// captured origin/thumbnail pairs differ by one: `b5b494e9…`/`b5b494ea…`); a clock sequence fixed per
/// generator (`aa7e` throughout a capture); and a random node per id with the multicast bit set, as RFC 4122
/// §4.5 asks of random nodes and as every captured id shows.
/// Ids strictly increase in time order even if the wall clock steps back.
package final class TimeBasedUUIDGenerator: Sendable {
    /// 100-nanosecond intervals from 1582-10-15 (the Gregorian reform, RFC 4122's epoch) to 1970-01-01.
    private static let unixEpochTicks: Int64 = 0x01B2_1DD2_1381_4000
    private static let ticksPerMillisecond: Int64 = 10_000
    private static let maximumTicks: Int64 = 1 << 60 - 1

    private let clockSequence: UInt64
    private let milliseconds: @Sendable () -> Int64
    private let lastTicks = Locked<Int64>(-1)

    /// `milliseconds` is the clock (unix time in milliseconds); tests pass a fixed one.
    package init(milliseconds: @escaping @Sendable () -> Int64 = { WallClock.millisecondsSinceEpoch() }) {
        var random = SystemRandomNumberGenerator()
        clockSequence = random.next() & 0x3FFF | 0x8000
        self.milliseconds = milliseconds
    }

    package func next() -> UUIDValue {
        uuid(ticks: reserveTicks(1))
    }

    /// Two ids one tick apart whatever the clock does in between, like v2b's origin/thumbnail key pairs.
    package func nextPair() -> (first: UUIDValue, second: UUIDValue) {
        let first = reserveTicks(2)
        return (uuid(ticks: first), uuid(ticks: first + 1))
    }

    private func uuid(ticks: Int64) -> UUIDValue {
        let timeLow = UInt64(ticks) & 0xFFFF_FFFF
        let timeMid = UInt64(ticks) >> 32 & 0xFFFF
        let timeHighAndVersion = UInt64(ticks) >> 48 & 0x0FFF | 0x1000
        var random = SystemRandomNumberGenerator()
        let node = random.next() & 0xFFFF_FFFF_FFFF | 0x0100_0000_0000
        return UUIDValue(high: timeLow << 32 | timeMid << 16 | timeHighAndVersion, low: clockSequence << 48 | node)
    }

    /// The first of `count` consecutive unused ticks, not before the clock's current millisecond.
    private func reserveTicks(_ count: Int64) -> Int64 {
        let range = Self.maximumTicks - Self.unixEpochTicks
        let millisecondsNow = min(max(milliseconds(), -Self.unixEpochTicks / Self.ticksPerMillisecond),
            range / Self.ticksPerMillisecond)
        let clockTicks = Self.unixEpochTicks + millisecondsNow * Self.ticksPerMillisecond
        return lastTicks.withLock { lastTicks in
            // Past the year 5236 the 60-bit field is full; ids then repeat its last values instead of trapping.
            let first = min(max(clockTicks, lastTicks + 1), Self.maximumTicks - count + 1)
            lastTicks = first + count - 1
            return first
        }
    }
}
