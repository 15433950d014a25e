import Foundation
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPCore
import OpenMarketLocking

/// Answers the requests of one emulator's sessions in process. `Tag` only makes the class distinct per emulator
/// (see `ProtocolTag`); the registry says which emulator that is.
///
/// `startLoading` runs on a queue the loading system may share between all sessions; it hands the request to an
/// `InProcessExchange`, which answers an in-memory body there (the client must be called from that queue) and moves
/// only what may wait (a body stream, a delay) off it. A second call to `startLoading` brings such an outcome back
/// to that queue (`InProcessExchange.handOver`).
final class EmulatorURLProtocol<Tag: ProtocolTag>: URLProtocol {
    private let exchange = Locked<InProcessExchange?>(nil)

    override class func canInit(with request: URLRequest) -> Bool {
        guard self == EmulatorRegistry.installedProtocolClass else {
            return EmulatorRegistry.shared.entry(for: self)?.hosts.answers(request.url) ?? false
        }
        if case .elsewhere = EmulatorRegistry.shared.installed(for: request.url) { return false }
        return true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let client else { return }
        if let running = exchange.withLock({ $0 }) {
            running.deliverReady()
            return
        }
        let (destination, inFlight) = destination()
        inFlight?.started(task)
        let rates = if case .emulator(let emulator, _) = destination { paced(by: emulator.pace.rates) } else {
            NetworkPace.Rates()
        }
        let started = InProcessExchange(
            for: ProtocolCallbacks(protocol: self, client: client), timeoutInterval: request.timeoutInterval,
            rates: rates)
        exchange.withLock { $0 = started }
        started.start(request, isUpload: task is URLSessionUploadTask, destination: destination)
    }

    override func stopLoading() {
        exchange.withLock { $0 }?.cancel()
    }

    /// The emulator's rates, unless this request is the control plane's; its path is parsed only when a rate is set.
    private func paced(by rates: NetworkPace.Rates) -> NetworkPace.Rates {
        guard rates != NetworkPace.Rates(), let url = request.url,
            !ControlPlanePath.contains(URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? "")
        else { return NetworkPace.Rates() }
        return rates
    }

    /// The emulator this request goes to, and its tasks in flight; or the error it fails with.
    private func destination() -> (InProcessExchange.Destination, InFlightRequests?) {
        let entry: EmulatorRegistry.Entry
        if Self.self == EmulatorRegistry.installedProtocolClass {
            guard case .emulator(let installed) = EmulatorRegistry.shared.installed(for: request.url) else {
                return (.nowhere(RequestStopped.notInstalled(request)), nil)
            }
            entry = installed
        } else {
            guard let own = EmulatorRegistry.shared.entry(for: Self.self) else {
                return (.nowhere(RequestStopped.gone(request)), nil)
            }
            entry = own
        }
        guard let emulator = entry.emulator.emulator else { return (.nowhere(RequestStopped.gone(request)), nil) }
        #if canImport(FoundationNetworking)
        if task is URLSessionDownloadTask {
            return (.nowhere(RequestStopped.downloadTask(request)), entry.inFlight)
        }
        #endif
        return (.emulator(emulator, maxBodyBytes: entry.maxBodyBytes), entry.inFlight)
    }
}

/// The protocol and its client, for the exchange's queue. Unchecked Sendable: the loading system takes a client's
/// calls from any thread, and the exchange makes them one at a time, none after `stopLoading`. The protocol is held
/// weakly: it holds the exchange, and the loading system holds it while the task runs (a strong reference here made a
/// cycle that kept every protocol, its task and the task's session for good).
struct ProtocolCallbacks: @unchecked Sendable {
    weak var `protocol`: URLProtocol?
    let client: any URLProtocolClient
}
