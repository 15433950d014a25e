import ArgumentParser
import Foundation
import HTTPServer
import Logging

struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Start the emulator (the default when no subcommand is given).",
        discussion: """
            Every option can also come from the environment: OPENMARKET_HOST, OPENMARKET_PORT, OPENMARKET_DATABASE, \
            OPENMARKET_API, OPENMARKET_VENDORS (comma-separated NAME:IDENTIFIER:SECRET), OPENMARKET_STRICT (1/true), \
            OPENMARKET_PUBLIC_URL, OPENMARKET_MAX_BODY_BYTES, OPENMARKET_THREADS, OPENMARKET_LOG_LEVEL. \
            A flag wins over the environment.
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        let settings = try ServeSettings(options: options, environment: ProcessInfo.processInfo.environment)
        let logger = Logger(label: "openmarket") { _ in StandardErrorLogHandler(logLevel: settings.logLevel) }

        ProcessSignals.takeOverStopSignals()
        let router = makeRouter()
        let server: HTTPServer
        do {
            server = try HTTPServer(configuration: settings.server, router: router, logger: logger)
        } catch {
            throw ValidationError("\(error)")
        }
        print("openmarket \(settings.api.rawValue) listening on \(settings.listeningURL(port: server.port))")
        fflush(nil)  // Scripts wait for this line; do not leave it in a pipe buffer.

        let signal = ProcessSignals.waitForStop()
        logger.notice("\(signal) received: finishing in-flight requests")
        server.stop()
        logger.notice("stopped")
    }

    private func makeRouter() -> Router {
        var router = Router { error in
            let body = "{\"code\":\(error.status),\"message\":\"\(error.message)\"}"
            return Response(status: error.status, contentType: "application/json", body: Array(body.utf8))
        }
        router.on("GET", "/healthChecker") { _, _ in
            Response(status: 200, contentType: "application/json", body: Array("\"OK\"".utf8))
        }
        return router
    }
}
