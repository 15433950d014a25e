import HTTPShim

/// Requests the shim or libmicrohttpd refuse before any route sees them, as errors the generation renders like
/// every other, each saying how to send a request this server can take.
enum ShimRefusal {
    static func error(for raw: http_shim_request) -> HTTPError? {
        switch raw.state {
        case HTTP_SHIM_BODY_TOO_LARGE:
            HTTPError(
                status: 413,
                message: "the request body is larger than this server accepts; send a smaller body or start the server with a larger --max-body-bytes")
        case HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING:
            HTTPError(
                status: 400,
                message: "the Transfer-Encoding is not supported; send the body with a Content-Length, or with Transfer-Encoding: chunked alone")
        case HTTP_SHIM_REFUSED_BY_LIBRARY:
            libraryRefusal(status: Int(raw.refused_status))
        default:
            nil
        }
    }

    private static func libraryRefusal(status: Int) -> HTTPError {
        let message = switch status {
        case 414:
            "the request line is longer than this server accepts (about 30 KB with the headers); shorten the URL and its query"
        case 431:
            "the request headers are larger than this server accepts (about 30 KB in all); send fewer or shorter headers"
        case 413:
            "a chunk size in the chunked body is too large; send the body in smaller chunks"
        case 505:
            "this HTTP version is not supported; send HTTP/1.1 or HTTP/1.0"
        case 400:
            "the request is malformed (its request line, a header, Content-Length or the chunked encoding); send a well-formed HTTP/1.1 request"
        default:
            "the request could not be read; send a well-formed HTTP/1.1 request"
        }
        return HTTPError(status: status, message: message)
    }
}
