import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking
import OpenMarketClient
import OpenMarketEmulator
import Testing

/// A paced body reaches every kind of caller whole, never sooner than its rate allows: FoundationNetworking keeps
/// only the last piece a protocol loads for a task without a data delegate, so a body sent piece by piece once
/// reached completion handlers and `data(for:)` as its last 1,448 bytes, status 200 and no error.
@Suite struct PacedBodyCallersTests {
    /// edge's download rate: v1b's first page (8.5 KB) takes about 0.28 s, a demo picture (about 20 KB) 0.7 s.
    private static let rate = NetworkConditions.edge.downloadBytesPerSecond!

    enum Caller: String, CaseIterable, Sendable {
        case completionHandler, dataForRequest, dataFromURL, dataDelegate, downloadTask
    }

    /// What a caller got: the body (a data delegate's pieces put together), or the error.
    private enum Received {
        case body(Data, pieces: Int)
        case failure(URLError)
    }

    @Test("a paced page and picture reach every kind of caller whole, no sooner than the rate allows",
          arguments: Caller.allCases)
    func whole(caller: Caller) async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v1b, seed: .demo))
        let page = URLRequest(url: emulator.baseURL.appendingPathComponent("items/1"))
        let session = URLSession(configuration: emulator.sessionConfiguration())
        defer { session.finishTasksAndInvalidate() }
        let (pageBody, _) = try await session.data(for: page)
        let items = try #require((try JSONSerialization.jsonObject(with: pageBody) as? [String: Any])?["items"] as? [[String: Any]])
        let pictureURL = try #require((items.first?["thumbnails"] as? [String])?.first.flatMap(URL.init(string:)))
        let (pictureBody, _) = try await session.data(from: pictureURL)
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: Self.rate))

        for (request, expected) in [(page, pageBody), (URLRequest(url: pictureURL), pictureBody)] {
            let started = ContinuousClock.now
            let received = await Self.fetch(request, as: caller, configuration: emulator.sessionConfiguration())
            let elapsed = ContinuousClock.now - started
            switch received {
            case .body(let body, let pieces):
                #expect(body == expected, "\(caller): \(body.count) of \(expected.count) bytes of \(request.url!)")
                let floor = Duration.seconds(Double(expected.count) / Double(Self.rate)) - .milliseconds(5)
                #expect(elapsed >= floor, "\(caller): \(expected.count) bytes in \(elapsed)")
                if caller == .dataDelegate {
                    #expect(pieces > 1, "a data delegate sees the body as it crosses")
                }
            case .failure(let error):
                #if canImport(FoundationNetworking)
                #expect(caller == .downloadTask && error.code == .unsupportedURL, "\(caller): \(error)")
                #expect(error.localizedDescription.contains("download tasks cannot be answered in process on Linux"))
                #else
                Issue.record("\(caller) failed: \(error)")
                #endif
            }
        }
    }

    @Test("the control plane is never paced: its answers come whole at once on the slowest network")
    func controlPlaneIsNotPaced() async throws {
        let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
        for _ in 0..<10 {
            _ = try await emulator.client.productPage()
        }
        // At 50 bytes a second the first 1,448 bytes of a paced answer would take 29 s: past the 10 s idle timeout.
        try await emulator.client.admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 50))
        var request = URLRequest(url: emulator.baseURL.appendingPathComponent("__admin/requests"))
        request.timeoutInterval = 10
        let received = await Self.fetch(request, as: .completionHandler, configuration: emulator.sessionConfiguration())
        guard case .body(let body, _) = received else {
            Issue.record("\(received)")
            return
        }
        #expect(body.count > 1_448)
        #expect((try? JSONSerialization.jsonObject(with: body)) != nil)
        #expect(try await emulator.client.admin.sentRequests().count == 10)
    }

    private static func fetch(
        _ request: URLRequest, as caller: Caller, configuration: URLSessionConfiguration
    ) async -> Received {
        if caller == .dataDelegate {
            let transfer = await TransferObserver(keepingBytes: true).run(request, configuration: configuration)
            if let error = transfer.error { return .failure(URLError(error)) }
            return .body(transfer.body, pieces: transfer.pieces.count)
        }
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        do {
            switch caller {
            case .dataForRequest:
                return .body(try await session.data(for: request).0, pieces: 1)
            case .dataFromURL:
                return .body(try await session.data(from: request.url!).0, pieces: 1)
            case .completionHandler:
                return try await withCheckedThrowingContinuation { continuation in
                    session.dataTask(with: request) { data, _, error in
                        continuation.resume(with: Result { () throws -> Received in
                            if let error { throw error }
                            return .body(data ?? Data(), pieces: 1)
                        })
                    }.resume()
                }
            case .downloadTask:
                return try await withCheckedThrowingContinuation { continuation in
                    session.downloadTask(with: request) { file, _, error in
                        continuation.resume(with: Result { () throws -> Received in
                            if let error { throw error }
                            return .body(try Data(contentsOf: try #require(file)), pieces: 1)
                        })
                    }.resume()
                }
            case .dataDelegate:
                preconditionFailure("answered above")
            }
        } catch let error as URLError {
            return .failure(error)
        } catch {
            return .failure(URLError(.unknown, userInfo: [NSLocalizedDescriptionKey: "\(error)"]))
        }
    }
}
