#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
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
        let request = Self.request(from: raw, memo: Self.memo(of: raw, exchange: exchange))
        guard let accessLog else { return Self.send(answer(request, raw: raw), to: exchange) }
        let started = ContinuousClock.now  // Read for the log line alone.
        let response = answer(request, raw: raw)
        Self.send(response, to: exchange)
        let elapsed = ContinuousClock.now - started
        let microseconds = elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
        accessLog.record(
            request, status: response.status, bodyBytes: response.bodyCount, microseconds: Int(microseconds),
            errorMessage: response.errorMessage)
    }

    /// Local functions, not closures kept in variables: passed on as non-escaping closures they need no allocation.
    /// A request the shim refused meets no route; the others carry no error value along.
    private func answer(_ request: Request, raw: http_shim_request) -> Response {
        guard let refusal = ShimRefusal.error(for: raw) else {
            func route(_ request: Request) -> Response { router.respond(to: request) }
            return interceptor?.respond(to: request, next: route) ?? route(request)
        }
        func refuse(_ request: Request) -> Response { router.render(refusal) }
        return interceptor?.respond(to: request, next: refuse) ?? refuse(request)
    }

    /// The connection's memo, made by its first request.
    private static func memo(of raw: http_shim_request, exchange: OpaquePointer) -> ConnectionMemo {
        if let kept = raw.connection_memo { return Unmanaged<ConnectionMemo>.fromOpaque(kept).takeUnretainedValue() }
        let memo = ConnectionMemo(clientAddress: raw.client_address.map { String(cString: $0) } ?? "")
        http_shim_keep_memo(exchange, Unmanaged.passRetained(memo).toOpaque(), releaseConnectionMemo)
        return memo
    }

    private static func request(from raw: http_shim_request, memo: ConnectionMemo) -> Request {
        let headers = Self.headers(from: raw, reusing: memo.headers)
        memo.headers = headers
        let (path, query) = raw.target.map(pathAndQuery) ?? ("/", "")
        return Request(
            method: raw.method.map(method) ?? HTTPMethod("GET"),
            path: RequestTarget.path(path),
            query: query,
            headers: headers,
            body: raw.body.map { Array(UnsafeBufferPointer(start: $0, count: raw.body_length)) } ?? [],
            version: raw.version.map(version) ?? "HTTP/1.1",
            clientAddress: memo.clientAddress)
    }

    /// The request's headers. A name or value that is the same as in the connection's previous request, at the same
    /// place, is that request's string; when all are, the headers are the previous request's.
    private static func headers(from raw: http_shim_request, reusing previous: HTTPHeaders) -> HTTPHeaders {
        let count = raw.header_count
        var unchanged = count == previous.count
        var fields: [(name: String, value: String)] = []
        if !unchanged { fields.reserveCapacity(count) }
        for index in 0..<count {
            guard let name = raw.header_names[index], let value = raw.header_values[index] else {
                unchanged = false
                continue
            }
            let earlier = index < previous.count ? previous.field(at: index) : nil
            let keptName = earlier.flatMap { $0.name.isSpelled(by: name) ? $0.name : nil }
            let keptValue = earlier.flatMap { $0.value.isSpelled(by: value) ? $0.value : nil }
            if unchanged {
                if keptName != nil && keptValue != nil { continue }
                unchanged = false  // The first difference: the fields before it are the previous request's.
                fields.reserveCapacity(count)
                for before in 0..<index { fields.append(previous.field(at: before)) }
            }
            fields.append((keptName ?? CommonHeaderName.name(name), keptValue ?? String(cString: value)))
        }
        return unchanged ? previous : HTTPHeaders(fields)
    }

    /// The usual methods as literals, which cost no copy of the bytes; any other as sent. `strcmp` reads no further
    /// than the method's own end, however short it is.
    private static func method(_ text: UnsafePointer<CChar>) -> HTTPMethod {
        if strcmp(text, "GET") == 0 { return HTTPMethod("GET") }
        if strcmp(text, "POST") == 0 { return HTTPMethod("POST") }
        return HTTPMethod(String(cString: text))
    }

    /// "HTTP/1.1" as a literal; "HTTP/1.0" (libmicrohttpd reads no other) as sent.
    private static func version(_ text: UnsafePointer<CChar>) -> String {
        strcmp(text, "HTTP/1.1") == 0 ? "HTTP/1.1" : String(cString: text)
    }

    /// The raw target split at its first "?", over its bytes (`strchr`, `strlen`): a `String`'s characters would cost
    /// grapheme breaking on every request.
    private static func pathAndQuery(_ target: UnsafePointer<CChar>) -> (path: String, query: String) {
        guard let mark = strchr(target, Int32(UInt8(ascii: "?"))) else {
            return (Self.text(target, count: strlen(target)), "")
        }
        let query = UnsafePointer(mark) + 1
        return (Self.text(target, count: UnsafePointer(mark) - target), Self.text(query, count: strlen(query)))
    }

    private static func text(_ start: UnsafePointer<CChar>, count: Int) -> String {
        String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    }

    private static func send(_ response: Response, to exchange: OpaquePointer) {
        let status = UInt32(clamping: response.status.code)
        let delivery = response.delivery.shimDelivery
        // Most answers have no delay: its components cost 128-bit arithmetic.
        let delay = response.delay == .zero ? 0 : UInt32(clamping: Self.milliseconds(response.delay))
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

extension RequestDispatcher {
    fileprivate static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
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
