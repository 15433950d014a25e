import Foundation
package import OpenMarketAdminPlane
import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
package import FoundationNetworking
#endif
package import OpenMarketAPI
import OpenMarketEmulator
import OpenMarketHTTPCore
import OpenMarketHTTPServer
package import OpenMarketHTTPTestSupport
package import OpenMarketStore

/// A real server for one generation, backed by a real SQLite file in a temporary folder that disappears with it:
/// on an ephemeral loopback port, or in process behind `OpenMarketEmulator` (`TestTransport.current`), both
/// assembled by `Emulator` as `openmarket serve` does.
package final class LiveServer {
    package static let vendorA = VendorConfiguration(name: "zhilly", identifier: "id-zhilly-6941", secret: "zhillysecret0001")
    package static let vendorB = VendorConfiguration(name: "kyo12", identifier: "id-kyo12-6941", secret: "kyo12secret00002")
    /// 2024-02-07T03:00:00Z, which is 12:00 on 2024-02-07 in Seoul.
    package static let fixedNow = 1_707_274_800.0

    package let generation: Generation
    /// Holds the database; removed with it when the server goes away, even if starting failed.
    private let folder: TemporaryDirectory
    package var databasePath: String { folder.path("market.sqlite") }
    package private(set) var store: MarketStore
    private var running: Running
    package let transport: TestTransport
    private let strict: Bool
    private let publicURL: String?
    private let now: Double?
    private let maxBodyBytes: Int
    private let admin: AdminSettings?
    private let host: String
    private let classRoster: ClassRoster?

    /// In process, port 1, where nothing listens: a request the emulator did not take would fail, not reach
    /// another server.
    package var port: UInt16 {
        switch running {
        case .socket(let server): server.port
        case .inProcess: 1
        }
    }

    private enum Running {
        case socket(HTTPServer)
        case inProcess(OpenMarketEmulator, URLSession)
    }

    /// `folder`, when given, holds the database instead of a new temporary folder (a small disk, say).
    package init(
        _ generation: Generation, strict: Bool = false, publicURL: String? = nil,
        now: Double? = LiveServer.fixedNow, maxBodyBytes: Int = 32 * 1024 * 1024, folder: TemporaryDirectory? = nil,
        admin: AdminSettings? = nil, host: String = "127.0.0.1", transport: TestTransport = .current,
        classRoster: ClassRoster? = nil
    ) throws {
        self.transport = transport
        self.classRoster = classRoster
        self.admin = admin
        self.host = host
        self.generation = generation
        self.strict = strict
        self.publicURL = publicURL
        self.now = now
        self.maxBodyBytes = maxBodyBytes
        let folder = try folder ?? TemporaryDirectory()
        self.folder = folder
        (store, running) = try Self.start(
            generation, path: folder.path("market.sqlite"), strict: strict, publicURL: publicURL, now: now,
            maxBodyBytes: maxBodyBytes, admin: admin, host: host, transport: transport, classRoster: classRoster)
    }

    deinit {
        stop()
    }

    /// Stops the server and starts a new one on the same database, as a restart of the process would.
    package func restart() throws {
        stop()
        (store, running) = try Self.start(
            generation, path: databasePath, strict: strict, publicURL: publicURL, now: now, maxBodyBytes: maxBodyBytes,
            admin: admin, host: host, transport: transport, classRoster: classRoster)
    }

    private func stop() {
        switch running {
        case .socket(let server): server.stop()
        case .inProcess(_, let session): session.invalidateAndCancel()
        }
    }

    /// `base` with whatever a session needs to reach this server: nothing more over a socket, the emulator's
    /// protocol in process.
    package func sessionConfiguration(base: URLSessionConfiguration) -> URLSessionConfiguration {
        switch running {
        case .socket: base
        case .inProcess(let emulator, _): emulator.sessionConfiguration(base: base)
        }
    }

    package func connection() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }

    /// One request on a fresh connection, or through the emulator's URLSession in process.
    package func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RawResponse {
        switch running {
        case .socket: try connection().request(method, target, headers: headers, body: body)
        case .inProcess(_, let session):
            try URLSessionRequest.send(
                method, url: "http://127.0.0.1:\(port)\(target)", headers: headers, body: body, session: session)
        }
    }

    private static func start(
        _ generation: Generation, path: String, strict: Bool, publicURL: String?, now: Double?,
        maxBodyBytes: Int, admin: AdminSettings?, host: String, transport: TestTransport, classRoster: ClassRoster?
    ) throws -> (MarketStore, Running) {
        let options = EmulatorOptions(
            generation: generation, vendors: generation.usesVendors ? [vendorA, vendorB] : [], strict: strict, now: now,
            publicURL: publicURL, database: path, readers: 4, admin: admin, classRoster: classRoster)
        switch transport {
        case .socket:
            let emulator = try Emulator(options)
            // An idle timeout far above the default 30 s: in the whole suite on two cores, blocking tests hold the
            // cooperative pool and an async test can wait that long between two requests, and a kept-alive connection
            // the server closes in that pause can reset the client's next request (a race URLSession's libcurl loses).
            let server = try HTTPServer(
                configuration: ServerConfiguration(
                    host: host, port: 0, threads: 4, maxBodyBytes: maxBodyBytes, connectionTimeoutSeconds: 600),
                router: emulator.router, interceptor: emulator.admin)
            return (emulator.store, .socket(server))
        case .inProcess:
            let emulator = try OpenMarketEmulator(core: options, hosts: ["127.0.0.1:1"], maxBodyBytes: maxBodyBytes)
            let configuration = URLSessionConfiguration.ephemeral
            configuration.timeoutIntervalForRequest = 120
            let session = URLSession(configuration: emulator.sessionConfiguration(base: configuration))
            return (emulator.emulator.store, .inProcess(emulator, session))
        }
    }
}

