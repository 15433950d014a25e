import OpenMarketHTTPCore
import OpenMarketLocking
import Testing

/// How the socket server follows the rates the control plane sets: told at once, then of every change, in order.
@Suite struct NetworkPaceObserverTests {
    private static let slow = NetworkPace.Rates(uploadBytesPerSecond: 1_000)

    @Test("an observer hears the rates now and each change, not a repeat of the same rates")
    func changes() {
        let pace = NetworkPace()
        let heard = Locked<[NetworkPace.Rates]>([])
        let token = pace.observe { rates in heard.withLock { $0.append(rates) } }
        pace.rates = Self.slow
        pace.rates = Self.slow
        pace.rates = NetworkPace.Rates()
        pace.stopObserving(token)
        pace.rates = Self.slow
        #expect(heard.withLock { $0 } == [NetworkPace.Rates(), Self.slow, NetworkPace.Rates()])
    }

    @Test("a server that stops ends only its own observation, not that of a server that came after it")
    func replaced() {
        let pace = NetworkPace()
        let first = Locked(0)
        let second = Locked(0)
        let firstToken = pace.observe { _ in first.withLock { $0 += 1 } }
        let secondToken = pace.observe { _ in second.withLock { $0 += 1 } }
        pace.stopObserving(firstToken)
        pace.rates = Self.slow
        #expect(first.withLock { $0 } == 1, "only the rates at the start")
        #expect(second.withLock { $0 } == 2, "the rates at the start and the change")
        pace.stopObserving(secondToken)
        pace.rates = NetworkPace.Rates()
        #expect(second.withLock { $0 } == 2)
    }
}
