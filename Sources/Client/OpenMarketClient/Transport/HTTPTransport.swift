import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends ``APIRequest``s over a `URLSession` and turns every failure into an ``OpenMarketError``.
struct HTTPTransport: Sendable {
    let session: URLSession
    let baseURL: URL

    /// Sends the request and returns the status and body of a response whose status is a success for it.
    func send(_ request: APIRequest) async throws(OpenMarketError) -> (status: Int, body: Data) {
        let urlRequest = try request.urlRequest(baseURL: baseURL)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: urlRequest)
        } catch {
            throw .transport(error)
        }
        guard let httpResponse = response as? HTTPURLResponse else {
            throw .transport(URLError(.badServerResponse))
        }
        guard request.successStatuses.contains(httpResponse.statusCode) else {
            throw .httpStatus(HTTPStatusFailure(statusCode: httpResponse.statusCode, body: data))
        }
        return (httpResponse.statusCode, data)
    }
}
