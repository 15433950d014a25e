import OpenMarketHTTPCore
import OpenMarketHTTPShim

/// Requests the shim refuses before any route sees them, as errors the generation renders like every other, each
/// saying how to send a request this server can take. What libmicrohttpd cannot read as HTTP at all it answers
/// itself, or closes on: no client library sends it.
enum ShimRefusal {
    static func error(for raw: http_shim_request) -> HTTPError? {
        switch raw.state {
        case HTTP_SHIM_BODY_TOO_LARGE:
            HTTPError(
                status: .contentTooLarge,
                message: "the request body is larger than this server accepts; send a smaller body or start the server with a larger --max-body-bytes")
        case HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING:
            HTTPError(
                status: .badRequest,
                message: "the Transfer-Encoding is not supported; send the body with a Content-Length, or with Transfer-Encoding: chunked alone")
        case HTTP_SHIM_TOO_MANY_CONNECTIONS:
            HTTPError(
                status: .serviceUnavailable,
                message: "the server has as many connections open as it allows (from this address, or in all); close idle connections, or send several requests over one kept-alive connection")
        case HTTP_SHIM_TARGET_TOO_LONG:
            HTTPError(
                status: .uriTooLong,
                message: "the request line is longer than this server accepts (16 KB with the headers); shorten the URL and its query")
        case HTTP_SHIM_HEADERS_TOO_LARGE:
            HTTPError(
                status: .requestHeaderFieldsTooLarge,
                message: "the request headers are larger than this server accepts (16 KB with the request line); send fewer or shorter headers")
        default:
            nil
        }
    }
}
