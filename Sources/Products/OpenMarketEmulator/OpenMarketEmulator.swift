public import Foundation
package import OpenMarketEmulatorCore
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
import OpenMarketAPI
public import OpenMarketClient
import OpenMarketLocking
import OpenMarketStore

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
    /// `client` and its session, made at its first use.
    private let madeClient = Locked<(client: OpenMarketClient, session: URLSession)?>(nil)

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

    /// The client's session is ended with the emulator; a task still running finishes first (with
    /// `cannotConnectToHost`, as every request to an emulator that is gone).
    deinit {
        madeClient.withLock { $0 }?.session.finishTasksAndInvalidate()
    }

    /// The assembled core, for this package's tests (its store, its options).
    package var emulator: Emulator {
        core
    }

    /// `base` (by default `.ephemeral`) with this emulator's protocol first, so that a session made with it sends
    /// the emulator's hosts here and every other host to the network. The base itself is not changed. A session made
    /// with it reaches this emulator and no other, whatever is installed.
    public func sessionConfiguration(base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        // Only nil if URLSessionConfiguration stopped being NSCopying.
        let configuration = base.copy() as! URLSessionConfiguration
        configuration.protocolClasses = [protocolClass] + (base.protocolClasses ?? [])
        return configuration
    }

    /// Answers this emulator's hosts for sessions an app made without `sessionConfiguration()`, in place of the
    /// emulator installed before (so each test can install one of its own): on Apple platforms `URLSession.shared`
    /// and every session made from `URLSessionConfiguration.default` or `.ephemeral` from the first install on; on
    /// Linux `URLSession.shared` (unless it was first used after another session was made and before the first
    /// `install()`), and sessions whose own protocol classes do not take the request. docs/in-process-tests.md has the
    /// details. Global: tests that install run one at a time. The emulator is not kept alive by being installed.
    public func install() {
        Installation.install(protocolClass)
    }

    /// For this package's tests: whether installed emulators reach `URLSession.shared` (on Linux, not if it was first
    /// used after another session was made and before the first `install()`). Ask after an `install()`.
    package static var installReachesSharedSession: Bool {
        Installation.reachesSharedSession
    }

    /// Undoes ``install()`` if this emulator is the one installed. Its hosts stay guarded: until another emulator
    /// is installed, a request for them through those sessions fails at once with `URLError.cannotConnectToHost`
    /// (its message says no emulator is installed) and never reaches the real server. A request already started
    /// is still answered by this emulator. ``releaseGuardedHosts()`` lets the hosts reach the network again.
    public func uninstall() {
        Installation.uninstall(protocolClass)
    }

    /// Lets the hosts of every emulator installed so far reach the network again while none is installed, for a
    /// suite that means to talk to a real server after its in-process tests. Until then, and from the next
    /// ``install()`` on, no request for them leaves the process.
    public static func releaseGuardedHosts() {
        Installation.releaseGuardedHosts()
    }

    /// Waits until every request this emulator has started to answer, and every task `URLSession.shared` holds for
    /// its hosts, is over for the app: its completion handler has returned, or its delegate was told it completed
    /// (`URLSessionTask.state` is `.completed`), or the task is gone. For `tearDown`, before ``uninstall()``: the
    /// answer to a request a test did not wait for then arrives while that test still runs, so what it asserts is
    /// reported in that test. On the main thread it runs the main run loop meanwhile, so a session whose delegate
    /// queue is the main queue completes too.
    /// - Returns: false when `timeout` (seconds) ran out first.
    @discardableResult
    public func waitForRequestsInFlight(timeout: TimeInterval = 10) -> Bool {
        let registry = EmulatorRegistry.shared
        return registry.entry(for: protocolClass)?.inFlight.wait(
            timeout: timeout, includingSharedSession: registry.installHappened) ?? true
    }

    /// A client wired to this emulator, signed in as the first configured vendor (the demo vendor by default), with
    /// the control plane as ``OpenMarketClient/admin``. It speaks v2b's API; its admin calls work on every generation.
    /// Made once, at its first use, with a session of its own that ends with the emulator.
    public var client: OpenMarketClient {
        madeClient.withLock { made in
            if let made { return made.client }
            let vendor = core.options.vendors.first ?? EmulatorOptions.demoVendor
            let credentials = core.options.generation.usesVendors
                ? VendorCredentials(identifier: vendor.identifier, secret: vendor.secret) : nil
            let session = URLSession(configuration: sessionConfiguration())
            let client = OpenMarketClient(
                configuration: OpenMarketConfiguration(baseURL: baseURL, credentials: credentials), session: session)
            made = (client, session)
            return client
        }
    }

    /// One line per seed vendor an app needs to sign in as; empty without a seed.
    public var seedCredentials: [String] {
        core.seedReport?.credentialLines ?? []
    }
}
