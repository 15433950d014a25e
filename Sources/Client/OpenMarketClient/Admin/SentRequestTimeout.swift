/// A ``OpenMarketAdmin/waitForSentRequest(_:timeout:)`` that saw no matching request in time: what it waited for,
/// and what the app did send instead.
public struct SentRequestTimeout: Sendable, Hashable, CustomStringConvertible {
    public let filter: JournalFilter
    public let timeout: Duration
    /// Every request the journal held when the wait gave up, oldest first.
    public let arrived: [JournalSummary]
    /// The emulator keeps no journal (`--journal 0`), so no wait can succeed.
    let journalIsOff: Bool

    /// How many of `arrived` the description lists: the newest.
    private static let listed = 20

    public var description: String {
        let wanted = [
            filter.method.map { "method \($0)" }, filter.path.map { "path \($0)" },
            filter.status.map { "status \($0.parameter)" },
        ].compactMap { $0 }
        let what = wanted.isEmpty ? "any request" : "a request with " + wanted.joined(separator: ", ")
        var lines = ["waited \(timeout) for \(what); none arrived."]
        if journalIsOff {
            lines.append("The emulator keeps no journal (--journal 0, or Options.journal 0): turn it on to see what the app sent.")
        } else if arrived.isEmpty {
            lines.append("The journal holds no requests: did the app send any to this emulator (its session, its host)?")
        } else {
            let shown = arrived.suffix(Self.listed)
            let count = arrived.count == shown.count ? "\(arrived.count)" : "\(arrived.count) (the newest \(shown.count) below)"
            lines.append("The journal holds \(count):")
            for summary in shown {
                let refusal = summary.error.map { " \($0)" } ?? ""
                lines.append("  #\(summary.id) \(summary.method) \(summary.target) → \(summary.status)\(refusal)")
            }
        }
        return lines.joined(separator: "\n")
    }
}
