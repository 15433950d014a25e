package import HTTPCore
import HTTPShim
import Locking

/// A running libmicrohttpd daemon that answers every request through a `Router`, on the daemon's own threads.
package final class HTTPServer: Sendable {
    package struct StartError: Error, CustomStringConvertible {
        package let description: String
    }

    /// The port actually bound.
    package let port: UInt16
    /// How fast request and response bodies travel; the control plane changes its rates while the server runs.
    package let pace: NetworkPace
    private let state: RunningState

    /// Starts listening; returns once connections are accepted. Without an access log no request is logged.
    /// An interceptor sees every request before the router and may answer it itself.
    package init(
        configuration: ServerConfiguration, router: Router, accessLog: AccessLog? = nil,
        interceptor: (any RequestInterceptor)? = nil, pace: NetworkPace = NetworkPace()
    ) throws {
        self.pace = pace
        let dispatcher = RequestDispatcher(router: router, accessLog: accessLog, interceptor: interceptor)
        // The daemon holds this reference until `stop` releases it.
        let context = Unmanaged.passRetained(dispatcher)
        var errorText = [CChar](repeating: 0, count: 256)
        // The answers the shim sends by itself (bytes that are not a request, a Content-Length that is not a length,
        // a head too large to leave room for an answer, and on the portable path what libmicrohttpd would refuse
        // with its own HTML), rendered once here, as the generation renders every error.
        let ownAnswers = [
            ShimRefusal.unreadableRequest, ShimRefusal.badContentLength, ShimRefusal.requestLineTooLong,
            ShimRefusal.headersTooLarge, ShimRefusal.libraryRefusal(code: 400), ShimRefusal.libraryRefusal(code: 505),
            ShimRefusal.libraryRefusal(code: 413), ShimRefusal.unsupportedTransferCoding, ShimRefusal.bodyTooLarge,
        ].map(router.render)
        let handle = configuration.host.withCString { host in
            withOwnAnswers(ownAnswers[...]) { answers in
                var shimConfiguration = http_shim_config(
                    host: host,
                    port: configuration.port,
                    threads: UInt32(clamping: max(1, configuration.threads)),
                    max_body_bytes: max(0, configuration.maxBodyBytes),
                    connection_timeout_seconds: UInt32(clamping: max(0, configuration.connectionTimeoutSeconds)),
                    connection_limit: UInt32(clamping: max(1, configuration.connectionLimit)),
                    per_client_connection_limit: UInt32(clamping: max(1, configuration.connectionsPerClient)),
                    header_deadline_milliseconds: UInt32(clamping: max(1, configuration.headerDeadlineMilliseconds)),
                    connection_memory_limit: max(4096, configuration.connectionMemoryLimit),
                    unreadable_request: answers[0],
                    bad_content_length: answers[1],
                    request_line_too_long: answers[2],
                    headers_too_large: answers[3],
                    malformed_request: answers[4],
                    version_not_supported: answers[5],
                    chunk_too_large: answers[6],
                    unsupported_transfer_coding: answers[7],
                    body_too_large: answers[8])
                return http_shim_start(
                    &shimConfiguration, dispatchFromShim, context.toOpaque(), &errorText, errorText.count)
            }
        }
        guard let handle else {
            context.release()
            let message = errorText.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
            throw StartError(description: "\(message) (\(configuration.host):\(configuration.port))")
        }
        port = http_shim_port(handle)
        state = RunningState(handle: handle, context: context, graceMilliseconds: configuration.shutdownGraceMilliseconds)
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

/// Calls `body` with the shim's view of each response (status line, Content-Type and body), valid only during the
/// call: the shim copies what it keeps.
private func withOwnAnswers<Result>(
    _ responses: ArraySlice<Response>, viewed: [http_shim_own_answer] = [],
    _ body: ([http_shim_own_answer]) -> Result
) -> Result {
    guard let response = responses.first else { return body(viewed) }
    let contentType = response.headers["Content-Type"] ?? "application/json"
    return "\(response.status.code) \(response.status.reasonPhrase)".withCString { statusLine in
        contentType.withCString { contentType in
            response.body.withUnsafeBufferPointer { bytes in
                let answer = http_shim_own_answer(
                    status_line: statusLine, content_type: contentType, body: bytes.baseAddress, body_length: bytes.count)
                return withOwnAnswers(responses.dropFirst(), viewed: viewed + [answer], body)
            }
        }
    }
}

/// The C handle and the retained dispatcher, released exactly once. Unchecked Sendable: the handle is only
/// taken out of its lock once, by the `stop` that then owns it, and the dispatcher is immutable and Sendable.
private final class RunningState: @unchecked Sendable {
    private let handle: Locked<OpaquePointer?>
    private let context: Unmanaged<RequestDispatcher>
    private let graceMilliseconds: Int

    init(handle: OpaquePointer, context: Unmanaged<RequestDispatcher>, graceMilliseconds: Int) {
        self.handle = Locked(handle)
        self.context = context
        self.graceMilliseconds = graceMilliseconds
    }

    func stop() {
        let running = handle.withLock { handle in
            defer { handle = nil }
            return handle
        }
        guard let running else { return }
        http_shim_stop(running, UInt32(clamping: max(0, graceMilliseconds)))
        context.release()
    }
}

/// The shim's single callback: C request in, C response out.
private let dispatchFromShim: http_shim_handler = { context, rawRequest, exchange in
    guard let context, let rawRequest, let exchange else { return }
    let dispatcher = Unmanaged<RequestDispatcher>.fromOpaque(context).takeUnretainedValue()
    dispatcher.handle(rawRequest.pointee, exchange: exchange)
}
