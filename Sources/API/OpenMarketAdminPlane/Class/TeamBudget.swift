/// A team's share of the server in class mode: a bucket of `burst` requests refilled at `perSecond`. A person
/// using an app (a list of 20 with its thumbnails is about 21 requests, a few times a minute) never empties it; a
/// loop sending as fast as it can does within a second or two, and then gets 429 until it slows down.
struct TeamBudget {
    static let burst = 600.0
    static let perSecond = 150.0

    private var tokens = burst
    private var refilled: ContinuousClock.Instant?

    /// Takes one request from the bucket; nil when there is one, otherwise how long until there is.
    mutating func spend(now: ContinuousClock.Instant) -> Duration? {
        if let refilled {
            let elapsed = now - refilled
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            tokens = min(Self.burst, tokens + seconds * Self.perSecond)
        }
        refilled = now
        guard tokens < 1 else {
            tokens -= 1
            return nil
        }
        return .seconds((1 - tokens) / Self.perSecond)
    }
}
