// An app cannot start processes on iOS, so there the module has no OpenMarketServer (see docs/testing-an-app.md).
#if os(macOS) || os(Linux)
public import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
public import OpenMarketClient

/// The real `openmarket` binary, started for one test on a free loopback port with an in-memory database.
///
/// Prefer the scoped ``with(_:isolation:_:)``: it stops the server when the body ends, also when it throws.
/// A server from ``start(_:)`` stops with ``stop()`` or when the last reference to it goes.
public final class OpenMarketServer: Sendable {
    /// Where the server listens, e.g. `http://127.0.0.1:53122`.
    public let baseURL: URL
    /// The port the server picked.
    public let port: Int
    /// A client of ``baseURL`` with the first configured vendor's credentials (the demo vendor's when none are
    /// configured) and the admin token, if any.
    public let client: OpenMarketClient
    private let child: ChildProcess
    private let stopGrace: Duration
    private let session: URLSession

    private init(child: ChildProcess, baseURL: URL, port: Int, options: Options) {
        self.child = child
        self.baseURL = baseURL
        self.port = port
        stopGrace = options.stopGrace
        let configuration = OpenMarketConfiguration(
            baseURL: baseURL, credentials: (options.vendors.first ?? .demo).credentials, adminToken: options.adminToken)
        // Ephemeral: no cache or cookie of one test's server reaches another's.
        session = URLSession(configuration: .ephemeral)
        client = OpenMarketClient(configuration: configuration, session: session)
    }

    deinit {
        child.stop(grace: stopGrace)
        // A session lives until it is invalidated; a suite starting hundreds of servers must not keep them all.
        session.finishTasksAndInvalidate()
    }

    /// The admin API of this server: reset, health, the request journal, faults and latency.
    public var admin: OpenMarketAdmin {
        client.admin
    }

    /// The process id, e.g. to check that it is gone.
    public var processIdentifier: Int32 {
        child.processIdentifier
    }

    /// What the server printed on stdout so far: the address line, the vendors' credentials.
    public var standardOutput: String {
        child.standardOutput
    }

    /// What the server printed on stderr so far: its log and access log.
    public var standardError: String {
        child.standardError
    }

    /// Starts the binary and waits for the line with its address.
    /// - Throws: ``OpenMarketTestingError`` when the binary is not found, does not start, or prints no address
    ///   within ``Options/startupTimeout`` (the error carries what it printed on stderr).
    public static func start(_ options: Options = Options()) async throws -> OpenMarketServer {
        let binary = try ServerBinary.locate(explicit: options.binary, environment: ProcessInfo.processInfo.environment)
        let child = try ChildProcess(
            executable: binary, arguments: options.commandLine, environment: options.childEnvironment())
        do {
            let url = try await child.waitForAddress(timeout: options.startupTimeout)
            return OpenMarketServer(child: child, baseURL: url, port: url.port ?? 0, options: options)
        } catch {
            child.stop(grace: options.stopGrace)
            throw error
        }
    }

    /// Starts a server, runs `body` with it and stops it, whether `body` returns or throws.
    public static func with<Result>(
        _ options: Options = Options(), isolation: isolated (any Actor)? = #isolation,
        _ body: (OpenMarketServer) async throws -> Result
    ) async throws -> Result {
        let server = try await start(options)
        defer { server.stop() }
        return try await body(server)
    }

    /// Sends SIGTERM, waits up to ``Options/stopGrace`` for the server to finish its requests, then sends SIGKILL.
    /// Blocks until the process is gone; calling it again does nothing.
    public func stop() {
        child.stop(grace: stopGrace)
    }
}
#endif
