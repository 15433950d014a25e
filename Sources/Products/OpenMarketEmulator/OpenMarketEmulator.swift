package import EmulatorCore
public import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import MarketAPI
import MarketStore
public import OpenMarketClient

/// The whole Open Market emulator inside the test process: a real, stateful store answering through a URLProtocol,
/// with the same status, headers and body bytes as `openmarket serve`. No server, no port, no process.
///
/// ```swift
/// let emulator = try OpenMarketEmulator(.init(generation: .v2b, seed: .demo))
/// let session = URLSession(configuration: emulator.sessionConfiguration())
/// ```
///
/// Every emulator is independent (store, journal, faults, latency): a request goes to the emulator whose
/// `sessionConfiguration()` made its session, so parallel tests each make their own.
public final class OpenMarketEmulator: Sendable {
    public let options: Options
    /// The host its answers use unless the request names another: the generation's real one, over https.
    public let baseURL: URL
    private let core: Emulator
    private let protocolClass: URLProtocol.Type

    /// Makes an emulator; the store is ready when this returns. Throws ``SetupError`` for an option it cannot use.
    public convenience init(_ options: Options) throws(SetupError) {
        try self.init(
            options, core: try EmulatorOptions(options),
            hosts: try AnsweredHosts(generation: options.generation, extra: options.hosts),
            maxBodyBytes: InProcessRequest.defaultMaxBodyBytes)
    }

    /// For this package's tests: the core's own options, as `openmarket serve` would give them, and the socket
    /// server's body limit.
    package convenience init(core: EmulatorOptions, hosts: [String], maxBodyBytes: Int) throws {
        let generation = Generation(core.generation)
        try self.init(
            Options(generation: generation, hosts: hosts), core: core,
            hosts: try AnsweredHosts(generation: generation, extra: hosts), maxBodyBytes: maxBodyBytes)
    }

    private init(
        _ options: Options, core coreOptions: EmulatorOptions, hosts: AnsweredHosts, maxBodyBytes: Int
    ) throws(SetupError) {
        do {
            core = try Emulator(coreOptions)
        } catch {
            throw SetupError("\(error)")
        }
        self.options = options
        baseURL = URL(string: "https://\(options.generation.host)")!
        protocolClass = EmulatorRegistry.shared.register(core, hosts: hosts, maxBodyBytes: maxBodyBytes)
    }

    /// The assembled core, for this package's tests (its store, its options).
    package var emulator: Emulator {
        core
    }

    /// `base` (by default `.ephemeral`) with this emulator's protocol first, so that a session made with it sends
    /// the emulator's hosts here and every other host to the network. The base itself is not changed.
    public func sessionConfiguration(base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        // Only nil if URLSessionConfiguration stopped being NSCopying.
        let configuration = base.copy() as! URLSessionConfiguration
        configuration.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
        return configuration
    }

    /// Answers this emulator's hosts for sessions that were not made with `sessionConfiguration()`, such as
    /// `URLSession.shared` on Apple platforms. Global: install one emulator at a time, in tests run one by one.
    public func install() {
        _ = URLProtocol.registerClass(protocolClass)
    }

    /// Undoes ``install()``.
    public func uninstall() {
        URLProtocol.unregisterClass(protocolClass)
    }

    /// A client wired to this emulator, signed in as the first configured vendor (the demo vendor by default), with
    /// the control plane as ``OpenMarketClient/admin``. It speaks v2b's API; its admin calls work on every generation.
    public var client: OpenMarketClient {
        let vendor = core.options.vendors.first ?? EmulatorOptions.demoVendor
        let credentials = core.options.generation.usesVendors
            ? VendorCredentials(identifier: vendor.identifier, secret: vendor.secret) : nil
        return OpenMarketClient(
            configuration: OpenMarketConfiguration(baseURL: baseURL, credentials: credentials),
            session: URLSession(configuration: sessionConfiguration()))
    }

    /// One line per seed vendor an app needs to sign in as; empty without a seed.
    public var seedCredentials: [String] {
        core.seedReport?.credentialLines ?? []
    }
}
