import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPCore

/// A `URLRequest` as the socket server would have received it: the raw path and query, the headers with the Host
/// and Content-Length a client sends, the body from `httpBody` or `httpBodyStream`, and a peer on this machine (so
/// `/__admin` answers, as it does to a local client).
enum InProcessRequest {
    /// The socket server's default `--max-body-bytes`.
    static let defaultMaxBodyBytes = 32 * 1024 * 1024

    /// An upload task's body is kept from every URLProtocol by the URL loading system, so it cannot be answered.
    static let uploadTaskRefusal = HTTPError(
        status: .badRequest,
        message: "this request was sent with an upload task (uploadTask(with:from:), upload(for:from:)), whose body "
            + "the URL loading system does not hand to the in-process emulator; set the body as the request's "
            + "httpBody and send it with dataTask(with:) or data(for:) instead")

    static func make(from urlRequest: URLRequest, maxBodyBytes: Int) -> Result<Request, HTTPError> {
        guard let body = body(of: urlRequest, limit: maxBodyBytes) else {
            return .failure(tooLarge(maxBodyBytes))
        }
        return .success(make(from: urlRequest, body: body))
    }

    static func tooLarge(_ maxBodyBytes: Int) -> HTTPError {
        HTTPError(
            status: .contentTooLarge,
            message: "the request body is larger than the in-process emulator accepts (\(maxBodyBytes) bytes); send "
                + "a smaller body")
    }

    /// With the body already read (at the upload rate, by `InProcessExchange`).
    static func make(from urlRequest: URLRequest, body: [UInt8]) -> Request {
        let url = urlRequest.url
        let components = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }
        let path = components?.percentEncodedPath ?? ""
        var headers = HTTPHeaders((urlRequest.allHTTPHeaderFields ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        if headers["Host"] == nil, let host = components?.percentEncodedHost {
            let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
            headers.add(name: "Host", value: components?.port.map { "\(bracketed):\($0)" } ?? bracketed)
        }
        if !body.isEmpty, headers["Content-Length"] == nil {
            headers.add(name: "Content-Length", value: String(body.count))
        }
        return Request(
            method: HTTPMethod(urlRequest.httpMethod ?? "GET"), path: path.isEmpty ? "/" : path,
            query: components?.percentEncodedQuery ?? "", headers: headers, body: body, clientAddress: "127.0.0.1",
            scheme: url?.scheme?.lowercased() ?? "http")
    }

    /// The stream a body is read from at the upload rate: `httpBodyStream`, or `httpBody` as one; nil without a body.
    static func bodyStream(of request: URLRequest) -> InputStream? {
        if let data = request.httpBody {
            return data.isEmpty ? nil : InputStream(data: data)
        }
        return request.httpBodyStream
    }

    /// nil when it is larger than `limit`.
    private static func body(of request: URLRequest, limit: Int) -> [UInt8]? {
        if let data = request.httpBody {
            return data.count <= limit ? Array(data) : nil
        }
        guard let stream = request.httpBodyStream else { return [] }
        stream.open()
        defer { stream.close() }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = stream.read(&chunk, maxLength: chunk.count)
            guard count > 0 else { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            guard bytes.count <= limit else { return nil }
        }
    }
}
