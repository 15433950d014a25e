import AdminPlane
import Foundation
import HTTPServer
import HTTPTestSupport
import MarketAPI
import MarketStore

/// A real server for one generation on an ephemeral loopback port, backed by a real SQLite file in a temporary
/// folder that disappears with it.
public final class LiveServer {
    public static let vendorA = VendorConfiguration(name: "zhilly", identifier: "id-zhilly-6941", secret: "zhillysecret0001")
    public static let vendorB = VendorConfiguration(name: "kyo12", identifier: "id-kyo12-6941", secret: "kyo12secret00002")
    /// 2024-02-07T03:00:00Z, which is 12:00 on 2024-02-07 in Seoul.
    public static let fixedNow = 1_707_274_800.0

    public let generation: Generation
    /// Holds the database; removed with it when the server goes away, even if starting failed.
    private let folder: TemporaryDirectory
    public var databasePath: String { folder.path("market.sqlite") }
    public private(set) var store: MarketStore
    private var server: HTTPServer
    private let strict: Bool
    private let publicURL: String?
    private let now: Double?
    private let maxBodyBytes: Int
    private let admin: AdminSettings?
    private let host: String

    public var port: UInt16 { server.port }

    /// `folder`, when given, holds the database instead of a new temporary folder (a small disk, say).
    public init(
        _ generation: Generation, strict: Bool = false, publicURL: String? = nil,
        now: Double? = LiveServer.fixedNow, maxBodyBytes: Int = 32 * 1024 * 1024, folder: TemporaryDirectory? = nil,
        admin: AdminSettings? = nil, host: String = "127.0.0.1"
    ) throws {
        self.admin = admin
        self.host = host
        self.generation = generation
        self.strict = strict
        self.publicURL = publicURL
        self.now = now
        self.maxBodyBytes = maxBodyBytes
        let folder = try folder ?? TemporaryDirectory()
        self.folder = folder
        (store, server) = try Self.start(
            generation, path: folder.path("market.sqlite"), strict: strict, publicURL: publicURL, now: now,
            maxBodyBytes: maxBodyBytes, admin: admin, host: host)
    }

    deinit {
        server.stop()
    }

    /// Stops the server and starts a new one on the same database, as a restart of the process would.
    public func restart() throws {
        server.stop()
        (store, server) = try Self.start(
            generation, path: databasePath, strict: strict, publicURL: publicURL, now: now, maxBodyBytes: maxBodyBytes,
            admin: admin, host: host)
    }

    public func connection() throws -> RawHTTPConnection {
        try RawHTTPConnection(port: port)
    }

    /// One request on a fresh connection.
    public func request(
        _ method: String, _ target: String, headers: [(String, String)] = [], body: [UInt8] = []
    ) throws -> RawResponse {
        try connection().request(method, target, headers: headers, body: body)
    }

    private static func start(
        _ generation: Generation, path: String, strict: Bool, publicURL: String?, now: Double?,
        maxBodyBytes: Int, admin: AdminSettings?, host: String
    ) throws -> (MarketStore, HTTPServer) {
        let store = try MarketStore(path: path, readers: 4)
        try store.claimGeneration(generation.name)
        if generation.usesVendors {
            _ = try store.upsertVendors([vendorA, vendorB], now: fixedNow)
        }
        let context = APIContext(store: store, clock: MarketClock(fixedAt: now), strict: strict, publicURL: publicURL)
        let server = try HTTPServer(
            configuration: ServerConfiguration(host: host, port: 0, threads: 4, maxBodyBytes: maxBodyBytes),
            router: generation.makeRouter(context: context),
            interceptor: admin.map { AdminPlane(settings: $0, generation: generation, context: context, store: store) })
        return (store, server)
    }
}

