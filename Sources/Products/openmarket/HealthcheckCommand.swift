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

/// `openmarket healthcheck`: what a container's HEALTHCHECK runs, so the image needs no curl.
struct HealthcheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "healthcheck",
        abstract: "Exit 0 when the server answers its health check, 1 otherwise with the reason on stderr.",
        discussion: """
            Without --url it asks http://127.0.0.1:$OPENMARKET_PORT/healthChecker (port 8080 when unset) and expects \
            200 with the body "OK". It reads the variables the server reads: OPENMARKET_HOST (a wildcard address is \
            asked on loopback), and OPENMARKET_API, since v1 servers have no /healthChecker: with \
            \(GenerationRegistry.names(healthCheckOtherThan: HealthProbe.healthPath)) it asks \
            /items/1 and expects 200. A --url without a path (or with just /), such as the URL the server prints, \
            asks that generation's health path too. A --url whose path is not /healthChecker passes on 200 with any \
            body.
            """)

    @Option(help: "The URL to ask, e.g. http://127.0.0.1:9000 (its health path) or http://[::1]:9000/items/1.")
    var url: String?

    @Option(help: "Seconds to wait for connecting and the whole answer.")
    var timeout: Double = 5

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 600 else {
            throw ValidationError("--timeout must be more than 0 and at most 600 seconds; got \(timeout)")
        }
    }

    func run() throws {
        try RuntimeFailure.reporting(command: "healthcheck") {
            do {
                let probe = try HealthProbe(url: url, environment: ProcessInfo.processInfo.environment)
                try probe.check(timeout: .milliseconds(Int((timeout * 1000).rounded(.up))))
                print("healthy: GET \(probe.url) answered 200")
            } catch {
                throw RuntimeFailure("\(error)")
            }
        }
    }
}
