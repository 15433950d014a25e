#if os(macOS) || os(Linux)
public import Foundation
import OpenMarketClient

extension OpenMarketServer {
    /// How to start the server. Every server listens on `127.0.0.1` with a port of its own and keeps its data in
    /// memory, so tests can run in parallel and never see each other's products.
    public struct Options: Sendable {
        public var generation: Generation
        /// What fills the empty store at start (and again at every ``OpenMarketAdmin/reset()``); `nil` starts empty.
        public var seed: Seed?
        /// The vendor accounts; none gives the server's demo vendor. The client writes as the first one.
        public var vendors: [VendorAccount]
        /// Passed as `--admin-token` and sent by the client's admin calls. Loopback calls need none.
        public var adminToken: String?
        /// More flags for `openmarket serve`, e.g. `["--strict"]`.
        public var arguments: [String]
        /// Environment variables for the server, e.g. `["OPENMARKET_NOW": "2024-01-01T00:00:00Z"]`. The test
        /// process's own `OPENMARKET_` variables are not passed on, so a developer's shell cannot change a test.
        public var environment: [String: String]
        /// The binary to run; `nil` looks in `OPENMARKET_BINARY`, then `PATH`.
        public var binary: URL?
        /// How long to wait for the address line.
        public var startupTimeout: Duration
        /// How long a stopping server gets to finish before it is killed.
        public var stopGrace: Duration

        /// Creates options; the defaults start an empty v2b server with the demo vendor.
        public init(
            generation: Generation = .v2b, seed: Seed? = nil, vendors: [VendorAccount] = [], adminToken: String? = nil,
            arguments: [String] = [], environment: [String: String] = [:], binary: URL? = nil,
            startupTimeout: Duration = .seconds(30), stopGrace: Duration = .seconds(5)
        ) {
            self.generation = generation
            self.seed = seed
            self.vendors = vendors
            self.adminToken = adminToken
            self.arguments = arguments
            self.environment = environment
            self.binary = binary
            self.startupTimeout = startupTimeout
            self.stopGrace = stopGrace
        }

        var commandLine: [String] {
            var line = ["serve", "--host", "127.0.0.1", "--port", "0", "--database", ":memory:", "--api", generation.rawValue]
            if let seed {
                line += ["--seed", seed.argument]
            }
            for vendor in vendors {
                line += ["--vendor", "\(vendor.name):\(vendor.identifier):\(vendor.secret)"]
            }
            if let adminToken {
                line += ["--admin-token", adminToken]
            }
            return line + arguments
        }

        func childEnvironment(inheriting inherited: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
            inherited.filter { !$0.key.hasPrefix("OPENMARKET_") }.merging(environment) { _, own in own }
        }
    }

    /// The API generation the server speaks (`--api`). ``OpenMarketServer/client`` speaks v2b. The binary owns the
    /// list (`openmarket generations`) and refuses a name it does not serve when it starts, so any of its names
    /// works here; the common ones have a name.
    public struct Generation: RawRepresentable, Sendable, Hashable {
        public static let v2b = Self(rawValue: "v2b")
        public static let v2a = Self(rawValue: "v2a")
        public static let v1b = Self(rawValue: "v1b")
        public static let v1a = Self(rawValue: "v1a")

        /// The `--api` value.
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }

    /// Products the store starts with.
    public enum Seed: Sendable, Hashable {
        /// The built-in shop: at least 50 products of several vendors, with images.
        case demo
        /// `count` products (1 to 1,000,000) of several vendors, the same for the same count on every run.
        case generated(count: Int)
        /// A fixture file (JSON), or a page of the API's own JSON.
        case file(URL)

        var argument: String {
            switch self {
            case .demo: "demo"
            case .generated(let count): "generated:\(count)"
            case .file(let url): url.path
            }
        }
    }

    /// A vendor account the server accepts writes from.
    public struct VendorAccount: Sendable, Hashable {
        public var name: String
        public var identifier: String
        public var secret: String

        /// Creates an account; none of the three may contain a colon.
        public init(name: String, identifier: String, secret: String) {
            self.name = name
            self.identifier = identifier
            self.secret = secret
        }

        /// The account the server configures when given none.
        public static let demo = VendorAccount(name: "demo", identifier: "demo-vendor-identifier", secret: "demo-vendor-secret")

        var credentials: VendorCredentials {
            VendorCredentials(identifier: identifier, secret: secret)
        }
    }
}
#endif
