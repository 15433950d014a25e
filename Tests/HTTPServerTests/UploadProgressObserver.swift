import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking

/// Watches one upload task as an app's progress bar would: each `didSendBodyData` and when it came.
final class UploadProgressObserver: NSObject, URLSessionTaskDelegate, Sendable {
    struct Upload: Sendable {
        var progress: [(totalBytesSent: Int64, at: ContinuousClock.Instant)] = []
        var status: Int?
        var error: URLError.Code?
    }

    private let upload = Locked(Upload())
    private let finished = Locked<CheckedContinuation<Upload, Never>?>(nil)

    /// Uploads `body` on an ephemeral session with this observer as its delegate, until the task ends (the request's
    /// timeout is the deadline).
    func run(_ request: URLRequest, body: Data) async -> Upload {
        let session = URLSession(configuration: .ephemeral, delegate: self, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        return await withCheckedContinuation { continuation in
            finished.withLock { $0 = continuation }
            session.uploadTask(with: request, from: body).resume()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didSendBodyData bytesSent: Int64, totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let now = ContinuousClock.now
        upload.withLock { $0.progress.append((totalBytesSent, now)) }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let ended = upload.withLock { upload in
            upload.status = (task.response as? HTTPURLResponse)?.statusCode
            upload.error = (error as? URLError)?.code
            return upload
        }
        finished.withLock { continuation in
            continuation?.resume(returning: ended)
            continuation = nil
        }
    }
}
