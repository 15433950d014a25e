import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking

/// Watches one data task as an app's progress UI would: when the response came, each piece of the body and when,
/// and how the task ended.
final class TransferObserver: NSObject, URLSessionDataDelegate, Sendable {
    struct Transfer: Sendable {
        var status: Int?
        var pieces: [(bytes: Int, at: ContinuousClock.Instant)] = []
        var error: URLError.Code?
        /// The pieces put together, when the observer keeps them.
        var body = Data()
        var bytes: Int { pieces.reduce(0) { $0 + $1.bytes } }
    }

    private let transfer = Locked(Transfer())
    private let finished = Locked<CheckedContinuation<Transfer, Never>?>(nil)
    /// Cancels the task once this many body bytes have come, as a user leaving the screen would.
    private let cancellingAfter: Int?
    private let keepingBytes: Bool

    init(cancellingAfter: Int? = nil, keepingBytes: Bool = false) {
        self.cancellingAfter = cancellingAfter
        self.keepingBytes = keepingBytes
    }

    /// Runs the request on a session of `configuration` with this observer as its delegate, until it ends.
    func run(_ request: URLRequest, configuration: URLSessionConfiguration) async -> Transfer {
        let session = URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            finished.withLock { $0 = continuation }
            session.dataTask(with: request).resume()
        }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        transfer.withLock { $0.status = (response as? HTTPURLResponse)?.statusCode }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let now = ContinuousClock.now
        let received = transfer.withLock { transfer in
            transfer.pieces.append((data.count, now))
            if keepingBytes {
                transfer.body.append(data)
            }
            return transfer.bytes
        }
        if let cancellingAfter, received >= cancellingAfter {
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let ended = transfer.withLock { transfer in
            transfer.error = (error as? URLError)?.code
            return transfer
        }
        finished.withLock { continuation in
            continuation?.resume(returning: ended)
            continuation = nil
        }
    }
}
