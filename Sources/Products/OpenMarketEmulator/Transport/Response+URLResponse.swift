import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPCore

extension Response {
    /// The status and headers as the socket server sends them, with the Content-Length it adds (of the whole body,
    /// also for HEAD and for a truncated answer). Repeated headers are joined with ", ", as HTTP allows.
    func urlResponse(for url: URL) -> HTTPURLResponse {
        var fields: [String: String] = [:]
        for field in headers {
            fields[field.name] = fields[field.name].map { "\($0), \(field.value)" } ?? field.value
        }
        fields["Content-Length"] = String(bodyCount)
        // Only nil for a status outside 100...999, which no route answers.
        return HTTPURLResponse(url: url, statusCode: status.code, httpVersion: "HTTP/1.1", headerFields: fields)!
    }

    /// The body's bytes, shared or not.
    var bodyData: Data {
        guard let sharedBody else { return Data(body) }
        return Data(bytes: sharedBody.start, count: sharedBody.count)
    }
}
