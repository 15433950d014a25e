import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What the app needs of a session, so tests can hand it another one (a URLSession made with an emulator's
/// configuration, here). The course apps defined this protocol themselves.
public protocol URLSessionProtocol: Sendable {
    func dataTask(
        with request: URLRequest, completionHandler: @escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void
    ) -> URLSessionDataTask

    func data(for request: URLRequest, delegate: (any URLSessionTaskDelegate)?) async throws -> (Data, URLResponse)
}

extension URLSession: URLSessionProtocol {}
