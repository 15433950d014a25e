import Testing

@testable import OpenMarketAdminPlane

/// The journal's wall times, worked out from the monotonic clock and an anchor taken again once a second.
@Suite struct JournalClockTests {
    private let tolerance = 0.05

    @Test func aRequestStartingNowIsTimedNow() {
        var clock = JournalClock()
        let time = clock.wallSeconds(atMonotonic: JournalClock.monotonicNanoseconds())
        #expect(abs(time - JournalClock.wallSeconds()) < tolerance)
    }

    @Test func anInstantBeforeTheAnchorComesOutBeforeIt() {
        var clock = JournalClock()
        let now = JournalClock.monotonicNanoseconds()
        let time = clock.wallSeconds(atMonotonic: now &- 300_000_000)
        #expect(abs(time - (JournalClock.wallSeconds() - 0.3)) < tolerance)
    }

    /// An anchor a second old or more is taken again, so the offset added to the wall clock is never over a second.
    @Test func anInstantSecondsAfterTheAnchorIsStillRight() {
        var clock = JournalClock()
        let now = JournalClock.monotonicNanoseconds()
        let later = clock.wallSeconds(atMonotonic: now &+ 2_500_000_000)
        #expect(abs(later - (JournalClock.wallSeconds() + 2.5)) < tolerance)
        let back = clock.wallSeconds(atMonotonic: JournalClock.monotonicNanoseconds())
        #expect(abs(back - JournalClock.wallSeconds()) < tolerance)
    }
}
