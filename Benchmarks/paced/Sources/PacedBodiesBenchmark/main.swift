// Whole bodies on a slow network, for every kind of caller, on both transports: v1b's first page (about 8.5 KB) and
// a 300 KB picture under edge and 3G, each through a completion handler, data(for:), a data delegate and a download
// task, in process and from a server given by its URL. Prints the bytes each caller got against the body's size, and
// the time from the call to the last byte. Benchmarks/paced/run.sh starts the server.
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketHTTPTestSupport
import OpenMarketClient
import OpenMarketEmulator

enum Caller: String, CaseIterable {
    case completionHandler = "completion handler"
    case dataForRequest = "data(for:)"
    case dataDelegate = "data delegate"
    case downloadTask = "download task"
}

/// A data delegate that keeps the body's pieces.
final class PieceCollector: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var body = Data()
    private var pieces = 0
    private var continuation: CheckedContinuation<(Data, Int, (any Error)?), Never>?
    private let lock = NSLock()

    func run(_ request: URLRequest, configuration: URLSessionConfiguration) async -> (Data, Int, (any Error)?) {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            lock.withLock { self.continuation = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.withLock {
            body.append(data)
            pieces += 1
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.withLock {
            continuation?.resume(returning: (body, pieces, error))
            continuation = nil
        }
    }
}

/// What a caller got: bytes, pieces (1 for all but a data delegate) or the error.
func fetch(_ request: URLRequest, as caller: Caller, configuration: URLSessionConfiguration) async
    -> (bytes: Data, pieces: Int, error: String?)
{
    if caller == .dataDelegate {
        let (body, pieces, error) = await PieceCollector().run(request, configuration: configuration)
        return (body, pieces, error.map { "\($0.localizedDescription)" })
    }
    let session = URLSession(configuration: configuration)
    defer { session.finishTasksAndInvalidate() }
    do {
        switch caller {
        case .dataForRequest:
            return (try await session.data(for: request).0, 1, nil)
        case .completionHandler:
            let data: Data = try await withCheckedThrowingContinuation { continuation in
                session.dataTask(with: request) { data, _, error in
                    continuation.resume(with: error.map { .failure($0) } ?? .success(data ?? Data()))
                }.resume()
            }
            return (data, 1, nil)
        case .downloadTask:
            let data: Data = try await withCheckedThrowingContinuation { continuation in
                session.downloadTask(with: request) { file, _, error in
                    guard let file, error == nil else {
                        return continuation.resume(throwing: error ?? URLError(.cannotOpenFile))
                    }
                    continuation.resume(with: Result { try Data(contentsOf: file) })
                }.resume()
            }
            return (data, 1, nil)
        case .dataDelegate:
            preconditionFailure("answered above")
        }
    } catch {
        return (Data(), 0, "\((error as? URLError)?.code.rawValue ?? 0): \(error.localizedDescription)")
    }
}

struct Transport {
    let name: String
    let admin: OpenMarketAdmin
    let baseURL: URL
    let configuration: () -> URLSessionConfiguration
}

func measure(_ transport: Transport) async throws {
    let picture = Data(SampleImages.jpeg(size: 300_000))
    let inserted = try await transport.admin.insert([
        SeedProduct(name: "A 300 KB picture", price: 1_000, secret: "1234", images: [picture])
    ])
    let session = URLSession(configuration: transport.configuration())
    let (detail, _) = try await session.data(from: transport.baseURL.appendingPathComponent("item/\(inserted[0])"))
    let images = (try JSONSerialization.jsonObject(with: detail) as? [String: Any])?["images"] as? [String]
    guard let pictureURL = images?.first.flatMap(URL.init(string:)) else { throw URLError(.badServerResponse) }
    let pageURL = transport.baseURL.appendingPathComponent("items/1")
    let (page, _) = try await session.data(from: pageURL)
    session.finishTasksAndInvalidate()

    for (profile, conditions) in [("edge", NetworkConditions.edge), ("3G", NetworkConditions.threeG)] {
        try await transport.admin.setNetwork(conditions)
        for (what, url, expected) in [("page 1", pageURL, page), ("300 KB picture", pictureURL, picture)] {
            for caller in Caller.allCases {
                let started = ContinuousClock.now
                let got = await fetch(URLRequest(url: url), as: caller, configuration: transport.configuration())
                let elapsed = ContinuousClock.now - started
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                let verdict = got.error.map { "failed: \($0)" }
                    ?? (got.bytes == expected ? "whole" : "NOT WHOLE")
                let row = [
                    transport.name, profile, what, caller.rawValue, "\(got.bytes.count) of \(expected.count)", "\(got.pieces)",
                    String(format: "%.2f s", seconds), verdict,
                ]
                print("| \(row.joined(separator: " | ")) |")
            }
        }
    }
    try await transport.admin.setNetwork(.unlimited)
}

let arguments = CommandLine.arguments.dropFirst()
print("| transport | network | body | caller | bytes | pieces | time | |")
print("|---|---|---|---|---|---|---|---|")
let emulator = try OpenMarketEmulator(.init(generation: .v1b, seed: .demo))
try await measure(
    Transport(
        name: "in process", admin: emulator.client.admin, baseURL: emulator.baseURL,
        configuration: { emulator.sessionConfiguration() }))
if let server = arguments.first.flatMap(URL.init(string:)) {
    let client = OpenMarketClient(configuration: OpenMarketConfiguration(baseURL: server))
    try await measure(
        Transport(name: "socket", admin: client.admin, baseURL: server, configuration: { .ephemeral }))
}
