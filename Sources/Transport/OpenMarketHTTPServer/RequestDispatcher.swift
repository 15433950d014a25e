import OpenMarketHTTPCore
import OpenMarketHTTPShim

/// Converts between the shim's C structs and `Request`/`Response`, and writes one log line per request.
final class RequestDispatcher: Sendable {
    private let router: Router
    private let accessLog: AccessLog?
    private let interceptor: (any RequestInterceptor)?
    let pace: NetworkPace

    init(router: Router, accessLog: AccessLog?, interceptor: (any RequestInterceptor)?, pace: NetworkPace) {
        self.router = router
        self.accessLog = accessLog
        self.interceptor = interceptor
        self.pace = pace
    }

    func handle(_ raw: http_shim_request, exchange: OpaquePointer) {
        let started = accessLog != nil ? ContinuousClock.now : nil  // The clock is read for the log line alone.
        let request = Self.request(from: raw)
        let refusal = ShimRefusal.error(for: raw)
        // A local function, not a closure kept in a variable: passed on as a non-escaping closure it needs no
        // allocation.
        func answer(_ request: Request) -> Response {
            refusal.map(router.render) ?? router.respond(to: request)
        }
        let response = interceptor?.respond(to: request, next: answer) ?? answer(request)
        Self.send(response, to: exchange)
        if let accessLog, let started {
            let elapsed = ContinuousClock.now - started
            let microseconds = elapsed.components.seconds * 1_000_000
                + elapsed.components.attoseconds / 1_000_000_000_000
            accessLog.record(
                request, status: response.status, bodyBytes: response.bodyCount, microseconds: Int(microseconds),
                errorMessage: response.errorMessage)
        }
    }

    private static func request(from raw: http_shim_request) -> Request {
        let headerCount = raw.header_count
        var fields: [(name: String, value: String)] = []
        fields.reserveCapacity(headerCount)
        for index in 0..<headerCount {
            guard let name = raw.header_names[index], let value = raw.header_values[index] else { continue }
            fields.append((String(cString: name), String(cString: value)))
        }
        let (path, query) = raw.target.map(pathAndQuery) ?? ("/", "")
        return Request(
            method: HTTPMethod(raw.method.map { String(cString: $0) } ?? "GET"),
            path: RequestTarget.path(path),
            query: query,
            headers: HTTPHeaders(fields),
            body: raw.body.map { Array(UnsafeBufferPointer(start: $0, count: raw.body_length)) } ?? [],
            version: raw.version.map { String(cString: $0) } ?? "HTTP/1.1",
            clientAddress: raw.client_address.map { String(cString: $0) } ?? "")
    }

    /// The raw target split at its first "?", byte by byte: a `String`'s characters would cost grapheme breaking
    /// on every request.
    private static func pathAndQuery(_ target: UnsafePointer<CChar>) -> (path: String, query: String) {
        var length = 0
        while target[length] != 0 { length += 1 }
        let bytes = UnsafeRawBufferPointer(start: target, count: length)
        guard let mark = bytes.firstIndex(of: UInt8(ascii: "?")) else { return (String(decoding: bytes, as: UTF8.self), "") }
        return (
            String(decoding: bytes[..<mark], as: UTF8.self), String(decoding: bytes[(mark + 1)...], as: UTF8.self)
        )
    }

    private static func send(_ response: Response, to exchange: OpaquePointer) {
        let status = UInt32(clamping: response.status.code)
        let milliseconds = response.delay.components.seconds * 1000
            + response.delay.components.attoseconds / 1_000_000_000_000_000
        let delivery = response.delivery.shimDelivery
        let delay = UInt32(clamping: milliseconds)
        if let prepared = response.reuse?.form({ PreparedAnswer(response) }),
            http_shim_respond_prepared(
                exchange, prepared.handle, delivery, delay, releasePreparedAnswer,
                Unmanaged.passRetained(prepared).toOpaque()) == 0
        {
            return
        }
        // Made for this send alone: no reuse, or a download rate or a truncation that needs its own copy.
        guard response.withShimBody({ http_shim_respond(exchange, status, delivery, delay, $0, $1, $2, $3) }) == 0 else {
            return
        }
        _ = response.addShimHeaders { http_shim_add_header(exchange, $0, $1) }
    }
}

extension Delivery {
    fileprivate var shimDelivery: http_shim_delivery {
        switch self {
        case .send: HTTP_SHIM_SEND
        case .truncate: HTTP_SHIM_TRUNCATE
        case .drop: HTTP_SHIM_DROP
        case .reset: HTTP_SHIM_RESET
        }
    }
}
