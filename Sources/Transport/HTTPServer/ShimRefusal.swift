import HTTPCore
import HTTPShim

/// Requests the shim or libmicrohttpd refuse before any route sees them, as errors the generation renders like
/// every other, each saying how to send a request this server can take.
enum ShimRefusal {
    static func error(for raw: http_shim_request) -> HTTPError? {
        switch raw.state {
        case HTTP_SHIM_BODY_TOO_LARGE: bodyTooLarge
        case HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING: unsupportedTransferCoding
        case HTTP_SHIM_TOO_MANY_CONNECTIONS:
            HTTPError(
                status: .serviceUnavailable,
                message: "the server has as many connections open as it allows (from this address, or in all); close idle connections, or send several requests over one kept-alive connection")
        case HTTP_SHIM_REFUSED_BY_LIBRARY:
            libraryRefusal(code: Int(raw.refused_status))
        default:
            nil
        }
    }

    static let bodyTooLarge = HTTPError(
        status: .contentTooLarge,
        message: "the request body is larger than this server accepts; send a smaller body or start the server with a larger --max-body-bytes")

    static let unsupportedTransferCoding = HTTPError(
        status: .badRequest,
        message: "the Transfer-Encoding is not supported; send the body with a Content-Length, or with Transfer-Encoding: chunked alone")

    /// Bytes that are not an HTTP request at all, which libmicrohttpd closes on without answering; the shim sends
    /// this instead (see shim_close_answers.c).
    static let unreadableRequest = HTTPError(
        status: .badRequest,
        message: "what arrived is not an HTTP request: it must start with a request line such as GET /api/products HTTP/1.1; send a well-formed HTTP/1.1 request")

    /// A Content-Length that is not a length; the shim sends this instead of libmicrohttpd's answer, which
    /// 0.9.75 writes with its header block twice (see shim_close_answers.c).
    static let badContentLength = HTTPError(
        status: .badRequest,
        message: "the Content-Length header is not a length this server can read; send the body's size in bytes as decimal digits, or send the body with Transfer-Encoding: chunked")

    /// A request line or headers too large for the connection's memory, refused by libmicrohttpd or, when they fit
    /// but would leave no room for the answer, by the shim (see shim_close_answers.c).
    static let requestLineTooLong = HTTPError(
        status: .uriTooLong,
        message: "the request line is longer than this server accepts (about 30 KB with the headers); shorten the URL and its query")

    static let headersTooLarge = HTTPError(
        status: .requestHeaderFieldsTooLarge,
        message: "the request headers are larger than this server accepts (about 30 KB in all); send fewer or shorter headers")

    /// libmicrohttpd refuses with one of a few statuses; each gets its own fix. Any other is read as a 400.
    /// The portable shim path sends the same answers by itself (see shim_gate.c).
    static func libraryRefusal(code: Int) -> HTTPError {
        switch code {
        case 414: requestLineTooLong
        case 431: headersTooLarge
        case 413:
            HTTPError(
                status: .contentTooLarge,
                message: "a chunk size in the chunked body is too large; send the body in smaller chunks")
        case 505:
            HTTPError(
                status: .httpVersionNotSupported, message: "this HTTP version is not supported; send HTTP/1.1 or HTTP/1.0")
        default:
            HTTPError(
                status: .badRequest,
                message: "the request is malformed (its request line, a header, Content-Length or the chunked encoding); send a well-formed HTTP/1.1 request")
        }
    }
}
