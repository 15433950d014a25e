import Dispatch
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import OpenMarketLocking

/// An emulator with a session of its own, and the ways the tests send requests through that session.
struct EmulatorSession {
    /// nil for a session whose emulator is gone.
    private let kept: OpenMarketEmulator?
    let session: URLSession

    var emulator: OpenMarketEmulator { kept! }

    init(_ options: OpenMarketEmulator.Options = .init(generation: .v2b)) throws {
        let emulator = try OpenMarketEmulator(options)
        kept = emulator
        session = URLSession(configuration: emulator.sessionConfiguration())
    }

    init(session: URLSession) {
        kept = nil
        self.session = session
    }

    /// `https://openmarket.yagom-academy.kr` and `path` (v2b's real host, answered in process).
    func url(_ path: String, host: String = OpenMarketEmulator.Generation.v2b.host, scheme: String = "https") -> URL {
        URL(string: "\(scheme)://\(host)\(path)")!
    }

    func send(_ request: URLRequest) async throws -> (body: Data, response: HTTPURLResponse) {
        let (body, response) = try await session.data(for: request)
        return (body, response as! HTTPURLResponse)
    }

    func get(_ path: String) async throws -> (body: Data, response: HTTPURLResponse) {
        try await send(URLRequest(url: url(path)))
    }

    /// Sends with a completion handler, as most apps do, and gives back what the handler got; the task is handed to
    /// `started` right after `resume()`, to be cancelled.
    func complete(_ request: URLRequest, started: (URLSessionDataTask) -> Void = { _ in }) async -> Completion {
        let done = Locked<Completion?>(nil)
        let signal = DispatchSemaphore(value: 0)
        let task = session.dataTask(with: request) { data, response, error in
            let http = response as? HTTPURLResponse
            let completion = Completion(
                body: data, status: http?.statusCode, error: (error as? URLError)?.code ?? error.map { _ in .unknown })
            done.withLock { $0 = completion }
            signal.signal()
        }
        task.resume()
        started(task)
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                _ = signal.wait(timeout: .now() + 30)
                continuation.resume()
            }
        }
        return done.withLock { $0 } ?? Completion(body: nil, status: nil, error: nil)
    }
}

/// What a completion handler was called with; all nil when it was not called within 30 s.
struct Completion: Sendable {
    let body: Data?
    let status: Int?
    let error: URLError.Code?
}

extension Data {
    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: self)) as? [String: Any] ?? [:]
    }
}

extension NewProduct {
    static func sample(name: String) -> NewProduct {
        NewProduct(
            name: name, description: "테스트 상품", price: 1000, currency: .krw, stock: 3,
            images: [ImageUpload(data: Data(SampleImages.png), filename: "photo.png", mediaType: "image/png")])
    }
}
