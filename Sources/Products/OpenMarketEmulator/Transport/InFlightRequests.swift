import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Locking

/// The tasks one emulator has started answering, until each is completed: its completion handler returned, or its
/// delegate was told. `OpenMarketEmulator.waitForRequestsInFlight(timeout:)` waits for them, so that a test's
/// `tearDown` can let the answers a test did not wait for arrive while the test still runs.
final class InFlightRequests: Sendable {
    /// Held weakly: a task the loading system and the app let go of is over, whatever its state says.
    private let tasks = Locked<[WeakTask]>([])

    /// Unchecked Sendable: a task's `state` may be read from any thread.
    private struct WeakTask: @unchecked Sendable {
        weak var task: URLSessionTask?

        var isOver: Bool {
            guard let task else { return true }
            return task.state == .completed
        }
    }

    func started(_ task: URLSessionTask?) {
        guard let task else { return }
        tasks.withLock { tasks in
            tasks.removeAll(where: \.isOver)
            tasks.append(WeakTask(task: task))
        }
    }

    /// Whether every task started so far is over.
    var areOver: Bool {
        tasks.withLock { tasks in
            tasks.removeAll(where: \.isOver)
            return tasks.isEmpty
        }
    }

    /// Waits until every task started so far is over, or `timeout` runs out; whether they all were. A task's state
    /// changes on the session's delegate queue with no notice anyone can wait on (FoundationNetworking sets it after
    /// the completion handler returns), so it is looked at every millisecond. On the main thread its run loop runs in
    /// between, so a session whose delegate queue is the main queue still gets to complete its tasks.
    func wait(timeout: TimeInterval) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !areOver {
            guard Date() < deadline else { return false }
            let step = Date(timeIntervalSinceNow: 0.001)
            // run(mode:before:) returns at once, false, when the run loop has nothing to run.
            if !(Thread.isMainThread && RunLoop.current.run(mode: .default, before: step)) {
                Thread.sleep(until: step)
            }
        }
        return true
    }
}
