import ArgumentParser
import EmulatorCore
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
import HTTPCore
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

        if !settings.generation.usesVendors && !settings.vendors.isEmpty {
            logger.warning("--vendor is ignored: \(settings.generation.name) has no vendors; each product has a password")
        }
        let options = try settings.emulatorOptions()
        let emulator: Emulator
        do {
            emulator = try Emulator(options)
        } catch {
            throw Self.failure(error, settings: settings)
        }
        if let seed = emulator.seedReport {
            log(seed, logger: logger)
        }

        let server: HTTPServer
        do {
            server = try HTTPServer(
                configuration: settings.server, router: emulator.router,
                accessLog: settings.logLevel <= .info
                    ? AccessLog(sink: sink, healthChecks: settings.logLevel <= .debug) : nil,
                interceptor: emulator.admin)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        printAddresses(settings, port: server.port)
        if options.usesDemoVendor {
            let demo = EmulatorOptions.demoVendor
            print("demo vendor: name \(demo.name), identifier \(demo.identifier), secret \(demo.secret)")
        }
        emulator.seedReport?.credentialLines.forEach { print($0) }
        fflush(nil)  // Scripts wait for this line; do not leave it in a pipe buffer.

        let signal = ProcessSignals.waitForStop()
        logger.notice("\(signal) received: finishing in-flight requests")
        server.stop()
        emulator.store.close()
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

    /// A bad seed file exits with 2, vendors the command line cannot configure are a usage error, the rest 1.
    private static func failure(_ error: EmulatorError, settings: ServeSettings) -> any Error {
        switch error {
        case .seed(let source, let message):
            RuntimeFailure("\(settings.seedGivenAs) \(source): \(message)", exitStatus: 2)
        case .vendors(let message): ValidationError(message)
        case .store(let database, let error): RuntimeFailure(starting: error, database: database)
        case .database(let path, let message):
            RuntimeFailure("cannot open the database \(path): \(message)\(DatabaseFolderHint.suffix(for: path))")
        }
    }

    private func log(_ seed: SeedReport, logger: Logger) {
        guard seed.written else {
            logger.notice("--seed \(seed.source): the store already has products, so it is left as it is")
            return
        }
        logger.info(
            "--seed \(seed.source): \(seed.productCount) products built in \(Self.milliseconds(seed.buildTime)) ms, written in \(Self.milliseconds(seed.writeTime)) ms")
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }
}
