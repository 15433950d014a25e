import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPTestSupport
import OpenMarketLocking

/// One request through a URLSession, waited for on the calling thread (as `RawHTTPConnection` waits on its socket),
/// and its answer as a `RawResponse`, headers sorted by name since a URL response keeps no order.
enum URLSessionRequest {
    static func send(
        _ method: String, url text: String, headers: [(String, String)], body: [UInt8], session: URLSession
    ) throws -> RawResponse {
        guard let url = URL(string: text) else {
            throw RawHTTPError("\(text) is not a URL a URLSession can send; only the socket transport sends it")
        }
        var request = URLRequest(url: url)
        request.httpMethod = method
        // The Host `RawHTTPConnection` sends when the test gives none, so both transports see the same request.
        if !headers.contains(where: { $0.0.lowercased() == "host" }) {
            request.setValue("127.0.0.1", forHTTPHeaderField: "Host")
        }
        for (name, value) in headers {
            request.addValue(value, forHTTPHeaderField: name)
        }
        if !body.isEmpty {
            request.httpBody = Data(body)
        }
        let result = Locked<Result<RawResponse, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        session.dataTask(with: request) { data, response, error in
            let outcome: Result<RawResponse, any Error>
            if let response = response as? HTTPURLResponse {
                let fields = response.allHeaderFields.compactMap { name, value in
                    (name as? String).map { (name: $0, value: "\(value)") }
                }
                outcome = .success(
                    RawResponse(
                        status: response.statusCode, headers: fields.sorted { $0.name < $1.name },
                        body: Array(data ?? Data())))
            } else {
                outcome = .failure(error ?? RawHTTPError("no HTTP response"))
            }
            result.withLock { $0 = outcome }
            done.signal()
        }.resume()
        guard done.wait(timeout: .now() + 120) == .success, let outcome = result.withLock({ $0 }) else {
            throw RawHTTPError("no answer within 30 s from \(text)")
        }
        return try outcome.get()
    }
}
