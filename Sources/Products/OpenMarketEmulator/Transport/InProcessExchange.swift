import Dispatch
import EmulatorCore
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPCore
import Locking

/// One request answered in process, then delivered the way the socket server would deliver it: after the answer's
/// delay (on a timer, holding no thread), whole or broken by a fault. Cancelling stops the delay and any delivery;
/// a delay longer than the request's `timeoutInterval` ends in `URLError.timedOut` when the interval runs out.
///
/// The client is told on the thread the loading system calls `startLoading` and `stopLoading` on (FoundationNetworking:
/// the task's serial queue; Apple platforms: the client's thread and its run loop), one whole outcome at a time, so
/// `stopLoading` comes before a delivery (which then sees `.over` and tells nothing) or after it, never inside it.
final class InProcessExchange: Sendable {
    private enum State {
        case answering
        case waiting(DispatchWorkItem)
        /// Answered off the loading system's queue, waiting for `startLoading` to be called again (`handOver`).
        case ready(Outcome)
        case over
    }

    /// What reaches the client.
    private enum Outcome: Sendable {
        case answer(Response, url: URL, isHead: Bool)
        case failure(URLError.Code)
    }

    /// Answers with a body stream run here, never on the loading system's queue: reading a stream may wait on the app.
    private static let queue = DispatchQueue(label: "OpenMarketEmulator", attributes: .concurrent)

    private let callbacks: ProtocolCallbacks
    #if !canImport(FoundationNetworking)
    private let clientThread = ClientThread()
    #endif
    /// Unchecked: a work item is only scheduled and cancelled, both safe from any thread.
    private let state = Locked<UncheckedState>(UncheckedState(.answering))

    private struct UncheckedState: @unchecked Sendable {
        var value: State
        init(_ value: State) { self.value = value }
    }

    init(for callbacks: ProtocolCallbacks) {
        self.callbacks = callbacks
    }

    /// Called from the first `startLoading`. A request whose body is in memory is answered right here, and an answer
    /// without a delay reaches the client before this returns: FoundationNetworking's client reads its session's
    /// task table, which only the queue `startLoading` runs on may touch safely, and a call from another queue while
    /// the session starts or ends other tasks can crash it. Only a body stream (which may wait on the app) and a
    /// delay leave that queue, and their outcome comes back to it through `handOver`.
    func start(_ request: URLRequest, isUpload: Bool, entry: EmulatorRegistry.Entry?) {
        guard request.httpBodyStream != nil else {
            answer(request, isUpload: isUpload, entry: entry, tell: deliver)
            return
        }
        Self.queue.async { [self] in answer(request, isUpload: isUpload, entry: entry, tell: handOver) }
    }

    /// Called from a later `startLoading`, which `handOver` asked for: tells the client the outcome that is ready.
    func deliverReady() {
        let ready: Outcome? = state.withLock { state in
            if case .ready(let outcome) = state.value { return outcome }
            return nil
        }
        if let ready {
            deliver(ready)
        }
    }

    private func answer(
        _ request: URLRequest, isUpload: Bool, entry: EmulatorRegistry.Entry?, tell: (Outcome) -> Void
    ) {
        let outcome = Self.answer(request, isUpload: isUpload, entry: entry)
        let timeout = Duration.milliseconds(Int(min(request.timeoutInterval, 86_400) * 1000))
        let delay = if case .answer(let response, _, _) = outcome { response.delay } else { Duration.zero }
        if delay >= timeout {
            schedule(.failure(.timedOut), after: timeout, tell: tell)
        } else {
            schedule(outcome, after: delay, tell: tell)
        }
    }

    func cancel() {
        state.withLock { state in
            if case .waiting(let item) = state.value {
                item.cancel()
            }
            state.value = .over
        }
    }

    /// A request to an emulator that is gone fails as a server that is gone would.
    private static func answer(_ request: URLRequest, isUpload: Bool, entry: EmulatorRegistry.Entry?) -> Outcome {
        guard let entry, let emulator = entry.emulator.emulator, let url = request.url else {
            return .failure(.cannotConnectToHost)
        }
        let isHead = request.httpMethod?.uppercased() == "HEAD"
        guard !isUpload else {
            return .answer(emulator.render(InProcessRequest.uploadTaskRefusal), url: url, isHead: isHead)
        }
        switch InProcessRequest.make(from: request, maxBodyBytes: entry.maxBodyBytes) {
        case .success(let request):
            return .answer(emulator.respond(to: request), url: url, isHead: isHead)
        case .failure(let refusal):
            return .answer(emulator.render(refusal), url: url, isHead: isHead)
        }
    }

    private func schedule(_ outcome: Outcome, after delay: Duration, tell: (Outcome) -> Void) {
        guard delay > .zero else {
            tell(outcome)
            return
        }
        let item = DispatchWorkItem { [self] in handOver(outcome) }
        let scheduled = state.withLock { state in
            guard case .answering = state.value else { return false }
            state.value = .waiting(item)
            return true
        }
        guard scheduled else { return }
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        Self.queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds), execute: item)
    }

    /// An outcome made off the loading system's queue. FoundationNetworking's `resume()` of a running task calls
    /// `startLoading` again on the task's own queue and does nothing else (and nothing at all once the task is
    /// cancelled or over), so the outcome waits as `.ready` and that call delivers it. On Apple platforms it is
    /// delivered on the client's thread, from its run loop.
    private func handOver(_ outcome: Outcome) {
        #if canImport(FoundationNetworking)
        let parked = state.withLock { state in
            if case .over = state.value { return false }
            state.value = .ready(outcome)
            return true
        }
        guard parked else { return }
        if let task = callbacks.protocol?.task {
            task.resume()
        } else {
            deliver(outcome)
        }
        #else
        clientThread.perform { [self] in deliver(outcome) }
        #endif
    }

    /// Tells the client, unless the task was cancelled first; the state makes it happen at most once. Called on the
    /// client's thread (see the type's comment).
    private func deliver(_ outcome: Outcome) {
        let proceeds = state.withLock { state in
            if case .over = state.value { return false }
            state.value = .over
            return true
        }
        guard proceeds else { return }
        // Gone only when the loading system let go of the task, which then hears nothing more.
        guard let urlProtocol = callbacks.protocol else { return }
        let client = callbacks.client
        switch outcome {
        case .failure(let code):
            client.urlProtocol(urlProtocol, didFailWithError: URLError(code))
        case .answer(let response, let url, let isHead):
            guard response.delivery != .drop, response.delivery != .reset else {
                client.urlProtocol(urlProtocol, didFailWithError: URLError(.networkConnectionLost))
                return
            }
            client.urlProtocol(urlProtocol, didReceive: response.urlResponse(for: url), cacheStoragePolicy: .notAllowed)
            var body = isHead ? Data() : response.bodyData
            if response.delivery == .truncate {
                body = body.prefix(body.count / 2)
            }
            if !body.isEmpty {
                client.urlProtocol(urlProtocol, didLoad: body)
            }
            if response.delivery == .truncate {
                client.urlProtocol(urlProtocol, didFailWithError: URLError(.networkConnectionLost))
            } else {
                client.urlProtocolDidFinishLoading(urlProtocol)
            }
        }
    }
}
