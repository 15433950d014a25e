import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketWireFormat

/// The faults set through `/__admin/faults` and the latency, shared by every server thread. Each API request takes
/// from it what happens to its answer; ids grow and are never reused while the server runs.
final class FaultBook: Sendable {
    private struct State {
        var faults: [Fault] = []
        var lastID = 0
        var latency: LatencyRange
        var generator: SplitMix64
    }

    private let state: Locked<State>
    /// 1 while there is no fault and no latency, as nearly always: a request then takes nothing, and draws nothing
    /// (a fixed latency draws no number either), without taking the lock that both daemon threads would write to.
    /// Written under the lock after every change.
    private let isQuiet: AtomicWord

    /// `seed` (`--fault-seed`) makes the draws reproducible; without one they differ from run to run.
    init(latency: LatencyRange, seed: UInt64?) {
        let state = State(latency: latency, generator: SplitMix64(seed: seed ?? UInt64.random(in: .min ... .max)))
        isQuiet = AtomicWord(Self.isQuiet(state))
        self.state = Locked(state)
    }

    private static func isQuiet(_ state: State) -> UInt64 {
        state.faults.isEmpty && state.latency == .none ? 1 : 0
    }

    /// Runs `body` under the lock, then says whether the book is quiet now.
    private func changing<Result>(_ body: (inout State) -> Result) -> Result {
        state.withLock { state in
            let result = body(&state)
            isQuiet.store(Self.isQuiet(state))
            return result
        }
    }

    /// What happens to one API request: the fault that catches it (counted down, and gone when spent) and the
    /// latency drawn for it.
    func take(for request: Request) -> (fault: Fault?, latency: Duration) {
        if isQuiet.load() == 1 { return (nil, .zero) }
        return changing { state in
            let latency = state.latency.draw(using: &state.generator)
            for index in state.faults.indices where state.faults[index].matches(request) {
                if let probability = state.faults[index].probability,
                    Double.random(in: 0..<1, using: &state.generator) >= probability
                {
                    continue
                }
                let fault = state.faults[index]
                if let remaining = fault.remaining {
                    if remaining <= 1 {
                        state.faults.remove(at: index)
                    } else {
                        state.faults[index].remaining = remaining - 1
                    }
                }
                return (fault, latency)
            }
            return (nil, latency)
        }
    }

    func add(_ fault: Fault) -> Fault {
        changing { state in
            state.lastID += 1
            var added = fault
            added.id = state.lastID
            state.faults.append(added)
            return added
        }
    }

    /// In creation order, the order in which they are tried.
    var faults: [Fault] {
        state.withLock { $0.faults }
    }

    var count: Int {
        state.withLock { $0.faults.count }
    }

    /// False when there is no fault with that id.
    func remove(id: Int) -> Bool {
        changing { state in
            guard let index = state.faults.firstIndex(where: { $0.id == id }) else { return false }
            state.faults.remove(at: index)
            return true
        }
    }

    func removeAll() {
        changing { $0.faults.removeAll() }
    }

    var latency: LatencyRange {
        get { state.withLock { $0.latency } }
        set { changing { $0.latency = newValue } }
    }
}
