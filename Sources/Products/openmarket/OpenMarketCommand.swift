import ArgumentParser
import OpenMarketEmulatorCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import OpenMarketAPI
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketStore
import OpenMarketVersion

@main
struct OpenMarketCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "openmarket",
        abstract: "A local emulator of the yagom-academy Open Market server, for iOS apps and their tests.",
        version: OpenMarketVersion.current,
        subcommands: [
            ServeCommand.self, HealthcheckCommand.self, ExportCommand.self, BackupCommand.self, ExplainCommand.self,
            GenerationsCommand.self, ClassCommand.self,
        ],
        defaultSubcommand: ServeCommand.self)
}

/// The default subcommand: the emulator of the generation `--api` names (`Generation.default` without one), behind
/// a socket until SIGINT or SIGTERM.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the emulator (the default when no subcommand is given).",
        discussion: """
            Every option can also come from the environment: OPENMARKET_HOST, OPENMARKET_PORT, OPENMARKET_DATABASE, \
            OPENMARKET_API, OPENMARKET_VENDORS (comma-separated NAME:IDENTIFIER:SECRET), OPENMARKET_STRICT (1/true), \
            OPENMARKET_PUBLIC_URL, OPENMARKET_SEED, OPENMARKET_MAX_BODY_BYTES, OPENMARKET_THREADS, OPENMARKET_LOG_LEVEL, \
            OPENMARKET_ADMIN (0 turns the admin API off), OPENMARKET_ADMIN_TOKEN, OPENMARKET_JOURNAL, OPENMARKET_CLASS. \
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
        emulator.store.observeSearchIndexBuilds { [logger] build in log(build, logger: logger) }

        let server: HTTPServer
        do {
            server = try HTTPServer(
                configuration: settings.server, router: emulator.router,
                accessLog: settings.logLevel <= .info
                    ? AccessLog(sink: sink, healthChecks: settings.logLevel <= .debug) : nil,
                interceptor: emulator.admin, pace: emulator.pace)
        } catch {
            throw RuntimeFailure("\(error)")
        }
        announce(emulator, settings: settings, port: server.port)

        let signal = ProcessSignals.waitForStop()
        logger.notice("\(signal) received: finishing in-flight requests")
        server.stop()
        emulator.store.close()
        logger.notice("stopped")
    }
}
