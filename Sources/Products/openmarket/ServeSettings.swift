import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import OpenMarketAPI
import OpenMarketAdminPlane
import OpenMarketEmulatorCore
import OpenMarketHTTPCore
import OpenMarketHTTPServer
import OpenMarketStore
import OpenMarketWireFormat

/// Flags, then environment variables, then defaults, validated once at startup with messages that say how to fix.
struct ServeSettings {
    var server: ServerConfiguration
    var database: String
    var generation: Generation
    /// OPENMARKET_NOW in Unix seconds; nil: the real time.
    var now: Double?
    var vendors: [String]
    /// `--vendor` or `OPENMARKET_VENDORS`, for a refusal of one of `vendors`.
    var vendorsGivenAs: String
    var strict: Bool
    /// `demo` or a fixture file's path.
    var seed: String?
    /// `--seed` or `OPENMARKET_SEED`, for a refusal of `seed`.
    var seedGivenAs: String
    var publicURL: String?
    var logLevel: Logger.Level
    /// nil with --no-admin.
    var admin: AdminSettings?
    /// `--network`'s rates (a profile's latency went into `admin`).
    var network: NetworkPace.Rates
    /// `--class` or OPENMARKET_CLASS, read and checked; nil without a class.
    var classRoster: ClassRoster?
    /// The roster file's path, for the start's report.
    var classRosterPath: String?

    init(options: ServeOptions, environment: [String: String]) throws {
        let env = EnvironmentReader(environment)
        server = ServerConfiguration(threads: ProcessInfo.processInfo.activeProcessorCount)
        server.host = options.host ?? env["OPENMARKET_HOST"] ?? "127.0.0.1"

        let port = try options.port ?? env.integer("OPENMARKET_PORT") ?? 8080
        guard (0...65535).contains(port) else {
            throw SettingRefusal.refuse(
                Self.name("--port", options.port, "OPENMARKET_PORT"), "must be between 0 and 65535; got \(port)")
        }
        server.port = UInt16(port)

        let maxBody = try options.maxBodyBytes ?? env.integer("OPENMARKET_MAX_BODY_BYTES") ?? server.maxBodyBytes
        guard maxBody > 0 else {
            throw SettingRefusal.refuse(
                Self.name("--max-body-bytes", options.maxBodyBytes, "OPENMARKET_MAX_BODY_BYTES"),
                "must be positive; got \(maxBody)")
        }
        server.maxBodyBytes = maxBody

        let threads = try options.threads ?? env.integer("OPENMARKET_THREADS") ?? server.threads
        guard (1...256).contains(threads) else {
            throw SettingRefusal.refuse(
                Self.name("--threads", options.threads, "OPENMARKET_THREADS"), "must be 1 to 256; got \(threads)")
        }
        server.threads = threads

        database = options.database ?? env["OPENMARKET_DATABASE"] ?? "./openmarket.sqlite"

        generation = try Self.selectedGeneration(
            named: options.api ?? env["OPENMARKET_API"], givenAs: Self.name("--api", options.api, "OPENMARKET_API"))

        do {
            now = try env["OPENMARKET_NOW"].map(ISO8601Instant.parse)
        } catch {
            throw SettingRefusal.refuse("OPENMARKET_NOW", "is not usable: \(error)")
        }

        vendors = options.vendors.isEmpty
            ? (env["OPENMARKET_VENDORS"] ?? "").split(separator: ",").map(String.init)
            : options.vendors
        vendorsGivenAs = options.vendors.isEmpty ? "OPENMARKET_VENDORS" : "--vendor"
        strict = try options.strict || env.boolean("OPENMARKET_STRICT")
        seed = options.seed ?? env["OPENMARKET_SEED"]
        seedGivenAs = Self.name("--seed", options.seed, "OPENMARKET_SEED")
        publicURL = options.publicURL ?? env["OPENMARKET_PUBLIC_URL"]

        let levelName = options.logLevel ?? env["OPENMARKET_LOG_LEVEL"] ?? "info"
        guard let level = Logger.Level(rawValue: levelName) else {
            let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw SettingRefusal.refuse(
                Self.name("--log-level", options.logLevel, "OPENMARKET_LOG_LEVEL"),
                "must be one of \(names); got \"\(levelName)\"")
        }
        logLevel = level
        let networkChoice = try Self.networkChoice(options: options, env: env)
        network = networkChoice.rates
        admin = try Self.adminSettings(options: options, env: env, profileLatency: networkChoice.latency)
        classRosterPath = options.classRoster ?? env["OPENMARKET_CLASS"]
        classRoster = try classRosterPath.map { path in
            try Self.roster(at: path, givenAs: Self.name("--class", options.classRoster, "OPENMARKET_CLASS"), admin: admin)
        }
    }

    /// The roster at `path`; a class needs the admin plane and its journal (the teams' views are made of it).
    private static func roster(at path: String, givenAs source: String, admin: AdminSettings?) throws -> ClassRoster {
        guard let admin, admin.journalCapacity > 0 else {
            throw SettingRefusal.refuse(source, "needs the admin API and its journal, where each team's requests are "
                + "kept; drop --no-admin and --journal 0")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SettingRefusal.refuse(source, "cannot read \(path); give the path of a CSV file with one student a "
                + "line: name or name,team")
        }
        do {
            return try ClassRoster(bytes: [UInt8](data))
        } catch {
            throw SettingRefusal.refuse(source, "\(path): \(error)")
        }
    }

    /// --no-admin, --admin-token, --journal, --journal-body-bytes, --latency (or a --network profile's) and
    /// --fault-seed, checked before anything listens.
    private static func adminSettings(
        options: ServeOptions, env: EnvironmentReader, profileLatency: LatencyRange?
    ) throws -> AdminSettings? {
        let enabled = try !options.noAdmin && (env["OPENMARKET_ADMIN"] == nil || env.boolean("OPENMARKET_ADMIN"))
        let token = options.adminToken ?? env["OPENMARKET_ADMIN_TOKEN"]
        let capacity = try options.journal ?? env.integer("OPENMARKET_JOURNAL") ?? 1000
        let bodyBytes = try options.journalBodyBytes ?? env.integer("OPENMARKET_JOURNAL_BODY_BYTES")
            ?? AdminSettings.defaultJournalBodyBytes
        let latencyText = options.latency ?? env["OPENMARKET_LATENCY"]
        let latency = try latencyText.map { text in
            guard let range = LatencyRange(option: text) else {
                throw SettingRefusal.refuse(
                    name("--latency", options.latency, "OPENMARKET_LATENCY"),
                    "must be MS or MIN-MAX in whole milliseconds from 0 to \(LatencyRange.maxMilliseconds), "
                        + "e.g. 300 or 100-800; got \"\(text)\"")
            }
            return range
        }
        guard enabled else {
            if latency != nil || options.faultSeed != nil {
                throw ValidationError("--latency and --fault-seed need the admin API; drop --no-admin (or OPENMARKET_ADMIN=0)")
            }
            if let profileLatency, profileLatency != .none {
                throw ValidationError(
                    "a --network profile sets latency too, which needs the admin API; give DOWN/UP bytes per second "
                        + "instead, or drop --no-admin (or OPENMARKET_ADMIN=0)")
            }
            if token != nil {
                throw ValidationError("--admin-token has no effect with --no-admin (or OPENMARKET_ADMIN=0); drop one of them")
            }
            return nil
        }
        if let token {
            guard token.utf8.count >= 8, token.utf8.allSatisfy({ (0x21...0x7E).contains($0) }) else {
                throw SettingRefusal.refuse(
                    name("--admin-token", options.adminToken, "OPENMARKET_ADMIN_TOKEN"),
                    "must be at least 8 visible ASCII characters without spaces, as sent in "
                        + "Authorization: Bearer TOKEN; e.g. generate one with: openssl rand -hex 16")
            }
        }
        guard (0...1_000_000).contains(capacity) else {
            throw SettingRefusal.refuse(
                name("--journal", options.journal, "OPENMARKET_JOURNAL"),
                "must be 0 (off) to 1000000 requests; got \(capacity)")
        }
        guard (0...AdminSettings.maxJournalBodyBytes).contains(bodyBytes) else {
            throw SettingRefusal.refuse(
                name("--journal-body-bytes", options.journalBodyBytes, "OPENMARKET_JOURNAL_BODY_BYTES"),
                "must be 0 (no bodies) to \(AdminSettings.maxJournalBodyBytes) bytes; got \(bodyBytes)")
        }
        return AdminSettings(
            token: token, journalCapacity: capacity, journalBodyBytes: bodyBytes,
            latency: latency ?? profileLatency ?? .none, faultSeed: options.faultSeed)
    }

    /// The generation `--api` or OPENMARKET_API names, `Generation.default` when neither is given; `givenAs` names
    /// the one used.
    static func selectedGeneration(named name: String?, givenAs source: String) throws -> Generation {
        let name = name ?? Generation.default.name
        guard let generation = GenerationRegistry.generation(named: name) else {
            throw SettingRefusal.refuse(source, "must be one of \(GenerationRegistry.names); got \"\(name)\"")
        }
        return generation
    }

    /// The flag when the command line gave it (`flagValue` is not nil), otherwise the environment variable.
    private static func name<Value>(_ flag: String, _ flagValue: Value?, _ variable: String) -> String {
        flagValue == nil ? variable : flag
    }

    /// The emulator these settings describe; `--vendor` entries that cannot be read are a usage error.
    func emulatorOptions() throws -> EmulatorOptions {
        let emulatorSeed = try seed.map { option in
            guard let seed = EmulatorSeed(option: option) else {
                throw SettingRefusal.refuse(
                    seedGivenAs, "\(EmulatorSeed.generatedPrefix) takes a whole number of products, as in "
                        + "\(EmulatorSeed.generatedPrefix)100000; got \"\(option)\"")
            }
            return seed
        }
        return EmulatorOptions(
            generation: generation,
            vendors: generation.usesVendors ? try VendorOption.parse(vendors, givenAs: vendorsGivenAs) : [],
            seed: emulatorSeed, strict: strict, now: now, publicURL: publicURL,
            database: database, readers: server.threads, admin: admin, network: network, classRoster: classRoster)
    }

    /// What scripts read from the first line and a client on this machine connects to: a wildcard address
    /// (0.0.0.0, ::) is reached on loopback, since no client can connect to a wildcard.
    func listeningURL(port: UInt16) -> String {
        switch server.host {
        case "0.0.0.0": Self.url(host: "127.0.0.1", port: port)
        case "::": Self.url(host: "::1", port: port)
        default: Self.url(host: server.host, port: port)
        }
    }

    /// Bound to a wildcard address, the URLs other devices use, one per network address of the machine of the
    /// wildcard's family; nil when bound to one address, which is then the only one that answers.
    func networkURLs(port: UInt16) -> [String]? {
        guard server.host == "0.0.0.0" || server.host == "::" else { return nil }
        return NetworkAddresses.of(ipv6: server.host == "::").map { Self.url(host: $0, port: port) }
    }

    /// IPv6 literals need brackets in a URL.
    private static func url(host: String, port: UInt16) -> String {
        "http://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }
}

/// Typed reads of OPENMARKET_* variables; an empty variable counts as unset.
struct EnvironmentReader {
    private let values: [String: String]

    init(_ values: [String: String]) {
        self.values = values
    }

    subscript(name: String) -> String? {
        guard let value = values[name]?.trimmingSpaces, !value.isEmpty else { return nil }
        return String(value)
    }

    func integer(_ name: String) throws -> Int? {
        guard let text = self[name] else { return nil }
        guard let value = Int(text) else { throw SettingRefusal.refuse(name, "must be a whole number; got \"\(text)\"") }
        return value
    }

    func boolean(_ name: String) throws -> Bool {
        guard let text = self[name]?.lowercased() else { return false }
        switch text {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw SettingRefusal.refuse(name, "must be true or false (or 1/0); got \"\(text)\"")
        }
    }
}
