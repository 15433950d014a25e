package import OpenMarketHTTPCore
import OpenMarketHTTPShim
import OpenMarketLocking

/// A running libmicrohttpd daemon that answers every request through a `Router`, on the daemon's own threads.
package final class HTTPServer: Sendable {
    package struct StartError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The port actually bound.
    package let port: UInt16
    private let state: RunningState

    /// Starts listening; returns once connections are accepted. Without an access log no request is logged.
    /// An interceptor sees every request before the router and may answer it itself. `pace` is read once per
    /// request: its body is read at the upload rate and its answer's body sent at the download rate.
    package init(
        configuration: ServerConfiguration, router: Router, accessLog: AccessLog? = nil,
        interceptor: (any RequestInterceptor)? = nil, pace: NetworkPace = NetworkPace()
    ) throws {
        let listener = try ListeningSocket(host: configuration.host, port: configuration.port)
        DescriptorLimit.raise()
        let dispatcher = RequestDispatcher(router: router, accessLog: accessLog, interceptor: interceptor, pace: pace)
        // The daemon holds this reference until `stop` releases it.
        let context = Unmanaged.passRetained(dispatcher)
        var errorText = [CChar](repeating: 0, count: 256)
        var shimConfiguration = http_shim_config(
            listener: listener.descriptor,
            threads: UInt32(clamping: max(1, configuration.threads)),
            max_body_bytes: max(0, configuration.maxBodyBytes),
            max_head_bytes: max(1024, configuration.maxHeadBytes),
            connection_timeout_seconds: UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
            connection_limit: UInt32(clamping: max(1, configuration.connectionLimit)),
            per_client_connection_limit: UInt32(clamping: max(1, configuration.connectionsPerClient)),
            header_deadline_milliseconds: UInt32(clamping: max(1, configuration.headerDeadlineMilliseconds)),
            pace: paceFromShim)
        let handle = http_shim_start(&shimConfiguration, dispatchFromShim, context.toOpaque(), &errorText, errorText.count)
        guard let handle else {
            context.release()
            let message = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw StartError(description: "\(message) (\(configuration.host):\(configuration.port))")
        }
        port = listener.port
        state = RunningState(
            handle: handle, listener: listener.descriptor, context: context,
            graceMilliseconds: configuration.shutdownGraceMilliseconds, pace: pace)
        state.observePace()
    }

    /// Stops accepting, lets in-flight requests finish (up to the configured grace), then closes every connection.
    /// Calling it again does nothing.
    package func stop() {
        state.stop()
    }

    deinit {
        state.stop()
    }
}

/// The C handle and the retained dispatcher, released exactly once. Unchecked Sendable: the handle is only used
/// under its lock, until the `stop` that takes it out and then owns it, and the dispatcher is immutable and Sendable.
private final class RunningState: @unchecked Sendable {
    private struct Running {
        var handle: OpaquePointer?
        /// Whether the listener was ever paced: until then it keeps the kernel's own buffer sizing.
        var listenerPaced = false
        var paceObservation: Int?
    }

    private let running: Locked<Running>
    /// The shim's listening socket, open while `handle` is there.
    private let listener: Int32
    private let context: Unmanaged<RequestDispatcher>
    private let graceMilliseconds: Int
    private let pace: NetworkPace

    init(
        handle: OpaquePointer, listener: Int32, context: Unmanaged<RequestDispatcher>, graceMilliseconds: Int,
        pace: NetworkPace
    ) {
        running = Locked(Running(handle: handle))
        self.listener = listener
        self.context = context
        self.graceMilliseconds = graceMilliseconds
        self.pace = pace
    }

    /// From now until `stop`, the shim asks for each request's rates only while one is set, and connections made after
    /// a change of the upload rate start as over a link at that rate. The pace holds this state until then (`stop`
    /// ends the observation).
    func observePace() {
        let token = pace.observe { [self] rates in apply(rates) }
        running.withLock { $0.paceObservation = token }
    }

    private func apply(_ rates: NetworkPace.Rates) {
        let uploadRate = UInt64(clamping: max(0, rates.uploadBytesPerSecond ?? 0))
        running.withLock { running in
            // While the handle is there the shim has not closed the listener.
            guard let handle = running.handle else { return }
            http_shim_set_paced(handle, rates != NetworkPace.Rates())
            guard uploadRate != 0 || running.listenerPaced else { return }
            running.listenerPaced = uploadRate != 0
            SlowLink.paceListener(listener, uploadRate: uploadRate)
        }
    }

    func stop() {
        let (handle, observation) = running.withLock { running in
            defer { running.handle = nil }
            return (running.handle, running.paceObservation)
        }
        if let observation {
            pace.stopObserving(observation)
        }
        guard let handle else { return }
        http_shim_stop(handle, UInt32(clamping: max(0, graceMilliseconds)))
        context.release()
    }
}

/// The shim's single callback: C request in, C response out.
private let dispatchFromShim: http_shim_handler = { context, rawRequest, exchange in
    guard let context, let rawRequest, let exchange else { return }
    let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
    dispatcher.handle(rawRequest.pointee, exchange: exchange)
}

/// While a rate is set, the shim asks once per request, when its headers are in, how fast to move its bodies (0:
/// unlimited). The control plane is not paced: a test's admin calls answer at once on a slow network.
private let paceFromShim: http_shim_pace = { context, socket, target, upload, download in
    guard let context else { return }
    let rates = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue().pace.rates
    guard rates != NetworkPace.Rates(), let target else { return }
    let rawTarget = String(cString: target)
    guard !ControlPlanePath.contains(RequestTarget.path(String(rawTarget.prefix { $0 != "?" }))) else { return }
    let uploadRate = UInt64(clamping: max(0, rates.uploadBytesPerSecond ?? 0))
    upload?.pointee = uploadRate
    download?.pointee = UInt64(clamping: max(0, rates.downloadBytesPerSecond ?? 0))
    // A connection made before the rate was set has the listener's old buffer (a new one inherits the paced one).
    if uploadRate != 0 {
        SlowLink.paceConnection(socket, uploadRate: uploadRate)
    }
}
