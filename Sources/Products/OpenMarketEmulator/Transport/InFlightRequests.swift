import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking

/// The tasks one emulator has started answering, until each is completed: its completion handler returned, or its
/// delegate was told. `OpenMarketEmulator.waitForRequestsInFlight(timeout:)` waits for them, so that a test's
/// `tearDown` can let the answers a test did not wait for arrive while the test still runs.
final class InFlightRequests: Sendable {
    /// Held weakly: a task the loading system and the app let go of is over, whatever its state says.
    private let tasks = Locked<[WeakTask]>([])
    private let hosts: AnsweredHosts

    init(hosts: AnsweredHosts) {
        self.hosts = hosts
    }

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
            if !tasks.contains(where: { $0.task === task }) {
                tasks.append(WeakTask(task: task))
            }
        }
    }

    /// The shared session's tasks for these hosts that were resumed but may not have reached the emulator yet: a
    /// task's protocol starts on the session's queue some time after `resume()` returns (FoundationNetworking asks
    /// the URL cache first), and a test that did not wait can end in between. The session lists every task resumed
    /// and not over. Waits at most until `deadline` for the list.
    private func startedInSharedSession(by deadline: Date) {
        let listed = DispatchSemaphore(value: 0)
        let found = Locked<[URLSessionTask]>([])
        URLSession.shared.getAllTasks { tasks in
            found.withLock { $0 = tasks }
            listed.signal()
        }
        guard listed.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success else { return }
        for task in found.withLock({ $0 }) where hosts.answers(task.currentRequest?.url) {
            started(task)
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
    func wait(timeout: TimeInterval, includingSharedSession: Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        if includingSharedSession {
            startedInSharedSession(by: deadline)
        }
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
