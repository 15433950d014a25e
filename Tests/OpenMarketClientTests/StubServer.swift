import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient

/// A request as it reached the stub.
struct RecordedRequest: Sendable {
    let method: String
    let url: URL
    let headers: [String: String]
    let body: Data

    func header(_ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// What the stub answers to one request.
enum StubReply: Sendable {
    case response(status: Int, body: Data)
    case failure(URLError)
    /// The reply, after the stub has held the request this long: a server answering late.
    indirect case late(Duration, StubReply)

    static func json(_ status: Int, _ text: String) -> StubReply {
        .response(status: status, body: Data(text.utf8))
    }
}

/// A fake server behind its own host name: it answers queued replies in order and records
/// every request, so tests running in parallel never see each other's traffic.
final class StubServer: @unchecked Sendable {
    let host = "stub-\(UUID().uuidString.lowercased()).test"
    private let lock = NSLock()
    private var replies: [StubReply]
    private var recorded: [RecordedRequest] = []

    init(_ replies: StubReply...) {
        self.replies = replies
        StubRegistry.shared.register(self)
    }

    var baseURL: URL {
        URL(string: "http://\(host)")!
    }

    var requests: [RecordedRequest] {
        lock.withLock { recorded }
    }

    func client(
        credentials: VendorCredentials? = VendorCredentials(identifier: "vendor-identifier", secret: "vendor-secret"),
        basePath: String = "", adminToken: String? = nil
    ) -> OpenMarketClient {
        let configuration = OpenMarketConfiguration(
            baseURL: URL(string: "http://\(host)\(basePath)")!, credentials: credentials, adminToken: adminToken)
        return OpenMarketClient(configuration: configuration, session: StubURLProtocol.session)
    }

    func answer(_ request: RecordedRequest) -> StubReply {
        lock.withLock {
            recorded.append(request)
            return replies.isEmpty ? .json(599, "no reply queued") : replies.removeFirst()
        }
    }
}

/// Finds the ``StubServer`` a request's host names.
final class StubRegistry: @unchecked Sendable {
    static let shared = StubRegistry()
    private let lock = NSLock()
    private var servers: [String: StubServer] = [:]

    func register(_ server: StubServer) {
        lock.withLock { servers[server.host] = server }
    }

    func server(for host: String?) -> StubServer? {
        lock.withLock { host.flatMap { servers[$0] } }
    }
}

/// Answers every request of ``session`` from the ``StubServer`` its host names.
final class StubURLProtocol: URLProtocol {
    /// Ephemeral, so nothing is cached between tests.
    static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [StubURLProtocol.self]
        return URLSession(configuration: configuration)
    }()

    override class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        guard let url = request.url, let server = StubRegistry.shared.server(for: url.host) else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotFindHost))
            return
        }
        let recorded = RecordedRequest(
            method: request.httpMethod ?? "GET", url: url, headers: request.allHTTPHeaderFields ?? [:],
            body: request.httpBody ?? Self.read(request.httpBodyStream))
        deliver(server.answer(recorded), for: url)
    }

    private func deliver(_ reply: StubReply, for url: URL) {
        switch reply {
        case .late(let wait, let reply):
            Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18)
            deliver(reply, for: url)
        case .response(let status, let body):
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: [:])!
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            client?.urlProtocol(self, didLoad: body)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error):
            client?.urlProtocol(self, didFailWithError: error)
        }
    }

    override func stopLoading() {}

    /// URLSession hands a body to a protocol as a stream on Apple platforms.
    private static func read(_ stream: InputStream?) -> Data {
        guard let stream else { return Data() }
        stream.open()
        defer { stream.close() }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = stream.read(&buffer, maxLength: buffer.count), count > 0 {
            data.append(buffer, count: count)
        }
        return data
    }
}
