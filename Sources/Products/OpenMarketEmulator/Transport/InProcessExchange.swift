import Dispatch
import Foundation
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPCore
import OpenMarketLocking

/// One request answered in process, then delivered the way the socket server would deliver it: its body read at the
/// emulator's upload rate, the answer after its delay, its body in pieces at the download rate (all on timers,
/// holding no thread), whole or broken by a fault. Cancelling stops any timer and any delivery. The request's
/// `timeoutInterval` is an idle timeout, as on a network: a delay, or a wait for the next piece of a body, as long
/// as it ends in `URLError.timedOut` when the interval runs out, after the bytes that came.
///
/// The client is told on the thread the loading system calls `startLoading` and `stopLoading` on (FoundationNetworking:
/// the task's serial queue; Apple platforms: the client's thread and its run loop), one step at a time, so
/// `stopLoading` comes before a step (which then sees `.over` and tells nothing) or after it, never inside it.
final class InProcessExchange: Sendable {
    private enum State {
        case running
        case waiting(DispatchWorkItem)
        /// Made off the loading system's queue, waiting for `startLoading` to be called again (`handOver`).
        case ready(Step)
        case over
    }

    /// What the loading system's queue does next.
    private enum Step: Sendable {
        case outcome(Outcome)
        case piece(Download)
    }

    /// What reaches the client.
    private enum Outcome: Sendable {
        case answer(Response, url: URL, isHead: Bool)
        case failure(URLError)
    }

    /// Where a request goes: the emulator that answers it, held until the exchange ends, so that an `uninstall()`
    /// or a test letting go of the emulator meanwhile changes nothing for it; or why nothing answers it.
    enum Destination: Sendable {
        case emulator(Emulator, maxBodyBytes: Int)
        case nowhere(URLError)

        var maxBodyBytes: Int {
            if case .emulator(_, let maxBodyBytes) = self { return maxBodyBytes }
            return InProcessRequest.defaultMaxBodyBytes
        }
    }

    /// A response body on its way at the download rate.
    private struct Download: Sendable {
        let body: Data
        let schedule: PieceSchedule
        var sent: Int
        /// A `truncate` fault: the connection breaks after the body's first half.
        let breaksAtEnd: Bool
    }

    /// Body streams are read and timers fire here, never on the loading system's queue: reading a stream may wait
    /// on the app.
    private static let queue = DispatchQueue(label: "OpenMarketEmulator", attributes: .concurrent)

    private let callbacks: ProtocolCallbacks
    #if !canImport(FoundationNetworking)
    private let clientThread = ClientThread()
    #endif
    private let timeout: Duration
    /// Read once, when the request starts: a change applies from the next request on.
    private let rates: NetworkPace.Rates
    /// Whether a paced body reaches the client a piece at a time, as it crosses, or whole once its last byte is due.
    /// Apple's loading system gathers the pieces for a completion handler; FoundationNetworking keeps only the last
    /// one for it, so there only a data delegate's task gets pieces (`DataDelegateTask`). The time is the same.
    private let deliversPieces: Bool
    /// Unchecked: a work item is only scheduled and cancelled, both safe from any thread.
    private let state = Locked<UncheckedState>(UncheckedState(.running))

    private struct UncheckedState: @unchecked Sendable {
        var value: State
        init(_ value: State) { self.value = value }
    }

    init(for callbacks: ProtocolCallbacks, timeoutInterval: TimeInterval, rates: NetworkPace.Rates) {
        self.callbacks = callbacks
        #if canImport(FoundationNetworking)
        deliversPieces = rates.downloadBytesPerSecond != nil && DataDelegateTask.receivesPieces(callbacks.protocol?.task)
        #else
        deliversPieces = true
        #endif
        timeout = .milliseconds(Int(min(timeoutInterval, 86_400) * 1000))
        self.rates = rates
    }

    /// Called from the first `startLoading`. A request whose body is in memory and not slowed is answered right
    /// here, and an answer without a delay reaches the client before this returns: FoundationNetworking's client
    /// reads its session's task table, which only the queue `startLoading` runs on may touch safely, and a call from
    /// another queue while the session starts or ends other tasks can crash it. Only a body stream (which may wait
    /// on the app), a slow upload and timers leave that queue, and what they lead to comes back to it through
    /// `handOver`.
    func start(_ request: URLRequest, isUpload: Bool, destination: Destination) {
        if case .nowhere(let error) = destination {
            run(.outcome(.failure(error)))
        } else if let rate = rates.uploadBytesPerSecond, !isUpload, let stream = InProcessRequest.bodyStream(of: request) {
            let schedule = PieceSchedule(bytesPerSecond: rate, start: .now())
            let body = BodyStream(stream: stream)
            Self.queue.async { [self] in
                body.stream.open()
                readPaced(body, read: [], schedule: schedule, request: request, destination: destination)
            }
        } else if request.httpBodyStream != nil {
            Self.queue.async { [self] in
                answer(Self.answer(request, isUpload: isUpload, destination: destination), tell: handOver)
            }
        } else {
            answer(Self.answer(request, isUpload: isUpload, destination: destination), tell: run)
        }
    }

    /// Called from a later `startLoading`, which `handOver` asked for: runs the step that is ready.
    func deliverReady() {
        let ready: Step? = state.withLock { state in
            guard case .ready(let step) = state.value else { return nil }
            state.value = .running
            return step
        }
        if let ready {
            run(ready)
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

    /// Reads the next piece of a request body, then waits on a timer until it has crossed the network at the upload
    /// rate; answers when the stream ends. The stream is closed when reading ends, whatever ends it.
    private func readPaced(
        _ body: BodyStream, read: [UInt8], schedule: PieceSchedule, request: URLRequest, destination: Destination
    ) {
        let stream = body.stream
        let limit = destination.maxBodyBytes
        let piece = Self.readPiece(of: stream, size: schedule.pieceSize)
        let bytes = read + piece
        let crossed = schedule.due(bytes.count)
        if PieceSchedule.outlasts(timeout, from: schedule.due(read.count), to: crossed) {
            stream.close()
            after(schedule.due(read.count) + timeout.dispatchInterval) { [self] in
                handOver(.outcome(.failure(URLError(.timedOut))))
            }
            return
        }
        let ended = piece.count < schedule.pieceSize
        guard !ended, bytes.count <= limit else {
            stream.close()
            let read: Result<[UInt8], HTTPError> = bytes.count <= limit
                ? .success(bytes) : .failure(InProcessRequest.tooLarge(limit))
            // Answered once the last byte has crossed, as a server answers a body it has received.
            after(crossed) { [self] in
                answer(Self.answer(request, isUpload: false, destination: destination, body: read), tell: handOver)
            }
            return
        }
        if !after(crossed, { [self] in
            readPaced(body, read: bytes, schedule: schedule, request: request, destination: destination)
        }) {
            stream.close()
        }
    }

    /// A request's body stream, read by one step at a time (each step schedules the next), never by two threads
    /// at once; hence unchecked.
    private struct BodyStream: @unchecked Sendable {
        let stream: InputStream
    }

    /// Up to `size` bytes; fewer only at the stream's end (or on its error, which ends the body as a broken
    /// connection would).
    private static func readPiece(of stream: InputStream, size: Int) -> [UInt8] {
        var piece = [UInt8](repeating: 0, count: size)
        var filled = 0
        while filled < size {
            let count = piece.withUnsafeMutableBufferPointer { buffer in
                stream.read(buffer.baseAddress! + filled, maxLength: size - filled)
            }
            guard count > 0 else { break }
            filled += count
        }
        return Array(piece[..<filled])
    }

    /// After the answer's delay, or `URLError.timedOut` when the delay outlasts the request's timeout.
    private func answer(_ outcome: Outcome, tell: (Step) -> Void) {
        let delay = if case .answer(let response, _, _) = outcome { response.delay } else { Duration.zero }
        if delay >= timeout {
            after(.now() + timeout.dispatchInterval) { [self] in handOver(.outcome(.failure(URLError(.timedOut)))) }
        } else if delay > .zero {
            after(.now() + delay.dispatchInterval) { [self] in handOver(.outcome(outcome)) }
        } else {
            tell(.outcome(outcome))
        }
    }

    /// `body`, when given, was read already (at the upload rate).
    private static func answer(
        _ request: URLRequest, isUpload: Bool, destination: Destination, body: Result<[UInt8], HTTPError>? = nil
    ) -> Outcome {
        guard case .emulator(let emulator, let maxBodyBytes) = destination, let url = request.url else {
            if case .nowhere(let error) = destination { return .failure(error) }
            return .failure(URLError(.badURL))
        }
        let isHead = request.httpMethod?.uppercased() == "HEAD"
        let made = isUpload
            ? .failure(InProcessRequest.uploadTaskRefusal)
            : body.map { $0.map { InProcessRequest.make(from: request, body: $0) } }
                ?? InProcessRequest.make(from: request, maxBodyBytes: maxBodyBytes)
        switch made {
        case .success(let request):
            return .answer(emulator.respond(to: request), url: url, isHead: isHead)
        case .failure(let refusal):
            let unread = InProcessRequest.make(from: request, body: [])
            return .answer(emulator.respond(to: unread, refusing: refusal), url: url, isHead: isHead)
        }
    }

    /// Runs `body` on the exchange's queue at `deadline`, unless the task is cancelled first; false when it already
    /// was (or something else is pending, which the exchange never does).
    @discardableResult
    private func after(_ deadline: DispatchTime, _ body: @escaping @Sendable () -> Void) -> Bool {
        let item = DispatchWorkItem { [self] in
            let proceeds = state.withLock { state in
                guard case .waiting = state.value else { return false }
                state.value = .running
                return true
            }
            if proceeds { body() }
        }
        let scheduled = state.withLock { state in
            guard case .running = state.value else { return false }
            state.value = .waiting(item)
            return true
        }
        if scheduled {
            Self.queue.asyncAfter(deadline: deadline, execute: item)
        }
        return scheduled
    }

    /// A step made off the loading system's queue. FoundationNetworking's `resume()` of a running task calls
    /// `startLoading` again on the task's own queue and does nothing else (and nothing at all once the task is
    /// cancelled or over), so the step waits as `.ready` and that call runs it. On Apple platforms it runs on the
    /// client's thread, from its run loop.
    private func handOver(_ step: Step) {
        #if canImport(FoundationNetworking)
        let parked = state.withLock { state in
            if case .over = state.value { return false }
            state.value = .ready(step)
            return true
        }
        guard parked else { return }
        if let task = callbacks.protocol?.task {
            task.resume()
        } else {
            deliverReady()
        }
        #else
        clientThread.perform { [self] in run(step) }
        #endif
    }

    private func run(_ step: Step) {
        switch step {
        case .outcome(let outcome): deliver(outcome)
        case .piece(let download): deliverPiece(download)
        }
    }

    /// Tells the client, unless the task was cancelled first: the response, then its body whole or, at a download
    /// rate, its first piece on a timer.
    private func deliver(_ outcome: Outcome) {
        guard case .answer(let response, let url, let isHead) = outcome,
            response.delivery != .drop, response.delivery != .reset
        else {
            let error = if case .failure(let error) = outcome { error } else { URLError(.networkConnectionLost) }
            finish(failing: error)
            return
        }
        // Gone only when the loading system let go of the task, which then hears nothing more.
        guard isRunning, let urlProtocol = callbacks.protocol else { return }
        let client = callbacks.client
        client.urlProtocol(urlProtocol, didReceive: response.urlResponse(for: url), cacheStoragePolicy: .notAllowed)
        var body = isHead ? Data() : response.bodyData
        let breaks = response.delivery == .truncate
        if breaks {
            body = body.prefix(body.count / 2)
        }
        if let rate = rates.downloadBytesPerSecond, !body.isEmpty {
            let schedule = PieceSchedule(bytesPerSecond: rate, start: .now())
            schedulePiece(Download(body: body, schedule: schedule, sent: 0, breaksAtEnd: breaks))
            return
        }
        if !body.isEmpty {
            client.urlProtocol(urlProtocol, didLoad: body)
        }
        finish(failing: breaks ? URLError(.networkConnectionLost) : nil)
    }

    private func schedulePiece(_ download: Download) {
        let end = min(download.body.count, download.sent + download.schedule.pieceSize)
        let previous = download.schedule.due(download.sent)
        let due = download.schedule.due(end)
        if PieceSchedule.outlasts(timeout, from: previous, to: due) {
            after(previous + timeout.dispatchInterval) { [self] in handOver(.outcome(.failure(URLError(.timedOut)))) }
        } else {
            after(due) { [self] in handOver(.piece(download)) }
        }
    }

    private func deliverPiece(_ download: Download) {
        guard isRunning, let urlProtocol = callbacks.protocol else { return }
        let end = min(download.body.count, download.sent + download.schedule.pieceSize)
        let start = download.body.startIndex
        if deliversPieces {
            callbacks.client.urlProtocol(urlProtocol, didLoad: download.body[(start + download.sent)..<(start + end)])
        } else if end == download.body.count {
            callbacks.client.urlProtocol(urlProtocol, didLoad: download.body)
        }
        guard end == download.body.count else {
            var next = download
            next.sent = end
            schedulePiece(next)
            return
        }
        finish(failing: download.breaksAtEnd ? URLError(.networkConnectionLost) : nil)
    }

    private var isRunning: Bool {
        state.withLock { state in
            if case .over = state.value { return false }
            return true
        }
    }

    /// Ends the task, once: finished, or failed with `error`.
    private func finish(failing error: URLError?) {
        let proceeds = state.withLock { state in
            if case .over = state.value { return false }
            state.value = .over
            return true
        }
        guard proceeds, let urlProtocol = callbacks.protocol else { return }
        if let error {
            callbacks.client.urlProtocol(urlProtocol, didFailWithError: error)
        } else {
            callbacks.client.urlProtocolDidFinishLoading(urlProtocol)
        }
    }
}
