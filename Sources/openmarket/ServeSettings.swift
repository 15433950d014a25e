import ArgumentParser
import Foundation
import HTTPServer
import Logging
import MarketAPI
import MarketStore
import WireFormat

/// Flags, then environment variables, then defaults, validated once at startup with messages that say how to fix.
struct ServeSettings {
    var server: ServerConfiguration
    var database: String
    var generation: any APIGeneration.Type
    var clock: MarketClock
    var vendors: [String]
    var strict: Bool
    /// `demo` or a fixture file's path.
    var seed: String?
    var publicURL: String?
    var logLevel: Logger.Level

    init(options: ServeOptions, environment: [String: String]) throws {
        let env = EnvironmentReader(environment)
        server = ServerConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount)
        server.host = options.host ?? env["OPENMARKET_HOST"] ?? "127.0.0.1"

        let port = try options.port ?? env.integer("OPENMARKET_PORT") ?? 8080
        guard (0...65535).contains(port) else {
            throw ValidationError("the port must be between 0 and 65535; got \(port)")
        }
        server.port = UInt16(port)

        let maxBody = try options.maxBodyBytes ?? env.integer("OPENMARKET_MAX_BODY_BYTES") ?? server.maxBodyBytes
        guard maxBody > 0 else { throw ValidationError("--max-body-bytes must be positive; got \(maxBody)") }
        server.maxBodyBytes = maxBody

        let threads = try options.threads ?? env.integer("OPENMARKET_THREADS") ?? server.threads
        guard (1...256).contains(threads) else { throw ValidationError("--threads must be 1 to 256; got \(threads)") }
        server.threads = threads

        database = options.database ?? env["OPENMARKET_DATABASE"] ?? "./openmarket.sqlite"

        let apiName = options.api ?? env["OPENMARKET_API"] ?? "v2b"
        guard let generation = GenerationRegistry.generation(named: apiName) else {
            throw ValidationError("--api must be one of \(GenerationRegistry.names); got \"\(apiName)\"")
        }
        self.generation = generation

        if let now = env["OPENMARKET_NOW"] {
            do {
                clock = MarketClock(fixedAt: try ISO8601Instant.parse(now))
            } catch {
                throw ValidationError("OPENMARKET_NOW: \(error)")
            }
        } else {
            clock = MarketClock()
        }

        vendors = options.vendors.isEmpty
            ? (env["OPENMARKET_VENDORS"] ?? "").split(separator: ",").map(String.init)
            : options.vendors
        strict = try options.strict || env.boolean("OPENMARKET_STRICT")
        seed = options.seed ?? env["OPENMARKET_SEED"]
        publicURL = options.publicURL ?? env["OPENMARKET_PUBLIC_URL"]

        let levelName = options.logLevel ?? env["OPENMARKET_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("the log level must be one of \(names); got \"\(levelName)\"")
        }
        logLevel = level
    }

    /// A v2 server started without vendors configures (and prints) the demo vendor.
    var usesDemoVendor: Bool {
        generation.usesVendors && vendors.isEmpty
    }

    /// The vendors `--vendor` gives, or the demo vendor.
    func configuredVendors() throws -> [VendorConfiguration] {
        usesDemoVendor ? [VendorOption.demo] : try VendorOption.parse(vendors)
    }

    /// What scripts and people read to find the server; IPv6 literals need brackets in a URL. A client on the same
    /// machine reaches a wildcard address (0.0.0.0, ::) on loopback.
    func listeningURL(port: UInt16, reachableOnLoopback: Bool = false) -> String {
        var host = server.host
        if reachableOnLoopback, host == "0.0.0.0" || host == "::" {
            host = host == "::" ? "::1" : "127.0.0.1"
        }
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

/// Typed reads of OPENMARKET_* variables; an empty variable counts as unset.
struct EnvironmentReader {
    private let values: [String: String]

    init(_ values: [String: String]) {
        self.values = values
    }

    subscript(name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        return value
    }

    func integer(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text) else { throw ValidationError("\(name) must be a whole number; got \"\(text)\"") }
        return value
    }

    func boolean(_ name: String) throws -> Bool {
        guard let text = self[name]?.lowercased() else { return false }
        switch text {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw ValidationError("\(name) must be true or false (or 1/0); got \"\(text)\"")
        }
    }
}
