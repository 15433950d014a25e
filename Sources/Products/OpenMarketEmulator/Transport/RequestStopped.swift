import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Why a request for an emulator's host is answered by no emulator, as the error its task fails with: never sent to
/// the real server, and saying what to change.
enum RequestStopped {
    /// Nothing is installed now, but the host is one an installed emulator answered.
    static func notInstalled(_ request: URLRequest) -> URLError {
        error(
            .cannotConnectToHost, request,
            "no OpenMarketEmulator is installed to answer it (the last one was uninstalled), so it was stopped "
                + "instead of going to the real server. A request a test did not wait for ends up here: wait for "
                + "them in tearDown with emulator.waitForRequestsInFlight() before uninstall(); a suite that means "
                + "to reach the real server afterwards calls OpenMarketEmulator.releaseGuardedHosts()")
    }

    /// The emulator was freed: a session that outlives it keeps its requests off the network.
    static func gone(_ request: URLRequest) -> URLError {
        error(
            .cannotConnectToHost, request,
            "the OpenMarketEmulator this session was made for is gone (nothing held it any longer), as a server "
                + "that stopped; keep the emulator as long as its sessions send requests")
    }

    #if canImport(FoundationNetworking)
    /// FoundationNetworking hands a download task's completion only a file its own protocols wrote (the
    /// `temporaryFileURL` property of URLProtocol, internal to it; URLSessionTask.swift, `completeTask`): a
    /// protocol of another module has no way to give one, and a download delegate would trap on its absence.
    static func downloadTask(_ request: URLRequest) -> URLError {
        error(
            .unsupportedURL, request,
            "download tasks cannot be answered in process on Linux: FoundationNetworking gives a download task "
                + "only a file its own protocols wrote; use dataTask(with:) or data(for:) and write the data "
                + "yourself (on Apple platforms download tasks work)")
    }
    #endif

    private static func error(_ code: URLError.Code, _ request: URLRequest, _ reason: String) -> URLError {
        let target = "\(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "")"
        var info: [String: Any] = [NSLocalizedDescriptionKey: "OpenMarketEmulator: \(target): \(reason)"]
        if let url = request.url {
            info[NSURLErrorFailingURLErrorKey] = url
        }
        return URLError(code, userInfo: info)
    }
}
