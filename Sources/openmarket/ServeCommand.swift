import AdminPlane
import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HTTPServer
import Logging
import MarketAPI
import MarketStore

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the emulator (the default when no subcommand is given).",
        discussion: """
            Every option can also come from the environment: OPENMARKET_HOST, OPENMARKET_PORT, OPENMARKET_DATABASE, \
            OPENMARKET_API, OPENMARKET_VENDORS (comma-separated NAME:IDENTIFIER:SECRET), OPENMARKET_STRICT (1/true), \
            OPENMARKET_PUBLIC_URL, OPENMARKET_SEED, OPENMARKET_MAX_BODY_BYTES, OPENMARKET_THREADS, OPENMARKET_LOG_LEVEL, \
            OPENMARKET_ADMIN (0 turns the admin API off), OPENMARKET_ADMIN_TOKEN, OPENMARKET_JOURNAL. \
            A flag wins over the environment. OPENMARKET_NOW (an ISO-8601 instant) fixes the clock.
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        try RuntimeFailure.reporting(command: "serve", serve)
    }

    private func serve() throws {
        // First, before any thread exists (the log flusher included), so every thread inherits the blocked signals.
        ProcessSignals.takeOverStopSignals()
        let settings = try ServeSettings(options: options, environment: ProcessInfo.processInfo.environment)
        let sink = LogSink.standardError
        defer { sink.flush() }
        let logger = Logger(label: "openmarket") { _ in StandardErrorLogHandler(logLevel: settings.logLevel, sink: sink) }

        let seed = try SeedSetup.load(settings)
        let store = try openStore(settings, seedVendors: seed, logger: logger)
        let seedRows = try seed?.rows(for: store, settings: settings)
        if let seed, let seedRows {
            try seed.apply(seedRows, to: store, logger: logger)
        }
        let context = APIContext(
            store: store, clock: settings.clock, strict: settings.strict, publicURL: settings.publicURL)
        let router = settings.generation.makeRouter(context: context)
        // A reset puts back the rows the start wrote, so the answers after it are the ones after the start.
        let reseed = seedRows.map { rows in { @Sendable (store: MarketStore) in _ = try store.seedIfEmpty(rows) } }
        let admin = settings.admin.map {
            AdminPlane(settings: $0, generation: settings.generation, context: context, store: store, reseed: reseed)
        }

        let server: HTTPServer
        do {
            server = try HTTPServer(
                configuration: settings.server, router: router,
                accessLog: settings.logLevel <= .info
                    ? AccessLog(sink: sink, healthChecks: settings.logLevel <= .debug) : nil,
                interceptor: admin)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        printAddresses(settings, port: server.port)
        if settings.usesDemoVendor {
            let demo = VendorOption.demo
            print("demo vendor: name \(demo.name), identifier \(demo.identifier), secret \(demo.secret)")
        }
        try seed?.credentialLines(settings: settings).forEach { print($0) }
        fflush(nil)  // Scripts wait for this line; do not leave it in a pipe buffer.

        let signal = ProcessSignals.waitForStop()
        logger.notice("\(signal) received: finishing in-flight requests")
        server.stop()
        logger.notice("stopped")
    }

    /// The first line keeps one form for the scripts that read it; bound to a wildcard address, the lines after it
    /// name the URLs that work from this machine and from other devices (a phone on the same Wi-Fi).
    private func printAddresses(_ settings: ServeSettings, port: UInt16) {
        let local = settings.listeningURL(port: port)
        print("openmarket \(settings.generation.name) listening on \(local)")
        guard let network = settings.networkURLs(port: port) else { return }
        print("  from this machine: \(local)")
        if network.isEmpty {
            print("  from the network:  none (no network interface of this machine is up)")
        }
        for url in network {
            print("  from the network:  \(url)")
        }
    }

    /// Opens (or creates) the database, checks it belongs to this generation, and configures the vendors, the
    /// seed's included.
    private func openStore(_ settings: ServeSettings, seedVendors seed: SeedSetup?, logger: Logger) throws -> MarketStore {
        let store: MarketStore
        do {
            store = try MarketStore(path: settings.database, readers: settings.server.threads)
            try store.claimGeneration(settings.generation.name)
        } catch let error as StoreError {
            throw RuntimeFailure("\(settings.database): \(error)")
        } catch {
            let hint = DatabaseFolderHint.suffix(for: settings.database)
            throw RuntimeFailure("cannot open the database \(settings.database): \(error)\(hint)")
        }
        guard settings.generation.usesVendors else {
            if !settings.vendors.isEmpty {
                logger.warning("--vendor is ignored: \(settings.generation.name) has no vendors; each product has a password")
            }
            return store
        }
        let configured = try settings.configuredVendors()
        let vendors = configured + (seed?.addedVendors(configured: configured) ?? [])
        do {
            _ = try store.upsertVendors(vendors, now: settings.clock.now())
        } catch let error as StoreError {
            throw ValidationError("\(error)")
        }
        return store
    }
}
