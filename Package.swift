// swift-tools-version:6.0
import PackageDescription

// Sources/ is grouped by layer, from the bottom up (ARCHITECTURE.md draws the graph): a module depends only on
// modules of its own layer or of layers listed before it (build tools aside). A source target lives in
// Sources/<layer>/<name>.
let layers: KeyValuePairs<String, [String]> = [
    "Core": [
        "COpenMarketAtomics", "OpenMarketLocking", "OpenMarketPosixSpawn", "OpenMarketWireFormat", "OpenMarketMultipart", "COpenMarketSQLite",
        "OpenMarketSQLite", "OpenMarketStore", "OpenMarketVersion",
    ],
    "Transport": ["OpenMarketHTTPCore", "COpenMarketMicroHTTPD", "OpenMarketHTTPShim", "OpenMarketHTTPServer"],
    "API": ["OpenMarketAPI", "OpenMarketAdminPlane", "COpenMarketZlib", "OpenMarketCatalogue"],
    "Assembly": ["OpenMarketEmulatorCore"],
    "Client": ["OpenMarketClient", "OpenMarketTesting"],
    "Products": ["openmarket", "OpenMarketEmulator"],
    "Tools": ["OpenMarketSchemaEmbedder", "OpenMarketStoreCrashWriter"],
]

let package = Package(
    name: "OpenMarket",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "openmarket", targets: ["openmarket"]),
        .library(name: "OpenMarketClient", targets: ["OpenMarketClient"]),
        .library(name: "OpenMarketTesting", targets: ["OpenMarketTesting"]),
        .library(name: "OpenMarketEmulator", targets: ["OpenMarketEmulator"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // A real YAML parser: for OpenMarketSchemaEmbedder, which scripts/check-embedded runs on the OpenAPI documents,
        // and in tests for docker/docker-compose.yml and the documents. No product links it or builds it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The lock types every module uses, and an atomic word for values read on every request (over C's atomic
        // builtins: the standard library's Atomic needs macOS 15 and iOS 18).
        .target(name: "COpenMarketAtomics"),
        .target(name: "OpenMarketLocking", dependencies: ["COpenMarketAtomics"]),
        // The one way this package starts a child process (posix_spawn, never Foundation's Process): OpenMarketTesting
        // starts the server with it, the tests their helpers.
        .target(name: "OpenMarketPosixSpawn", dependencies: ["OpenMarketLocking"]),

        // HTTP vocabulary without any C dependency (requests, responses, routing, the interceptor hook): the core both
        // transports serve, so the in-process emulator links no libmicrohttpd.
        .target(name: "OpenMarketHTTPCore", dependencies: ["OpenMarketLocking"]),
        // The network transport: libmicrohttpd, the C shim over it, and the Swift server that answers through
        // OpenMarketHTTPCore. The C's folders keep their short names, HTTPShim and CMicroHTTPD: the check of the C
        // against macOS's headers that CI runs (.ci/run) finds the shim and the umbrella header by them.
        .systemLibrary(
            name: "COpenMarketMicroHTTPD", path: "Sources/Transport/CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(
            name: "OpenMarketHTTPShim", dependencies: ["COpenMarketMicroHTTPD"], path: "Sources/Transport/HTTPShim"),
        .target(
            name: "OpenMarketHTTPServer",
            dependencies: ["OpenMarketHTTPCore", "OpenMarketHTTPShim", "OpenMarketLocking"]),

        // Multipart: the streaming multipart/form-data parser, independent of HTTP.
        .target(name: "OpenMarketMultipart"),

        // Wire format: the JSON writer and reader, Java-style doubles, dates, image sniffing, identifiers.
        .target(name: "OpenMarketWireFormat", dependencies: ["OpenMarketLocking"]),

        // Storage: SQLite through its C API, and the product store. What Schema/ holds is embedded as committed Swift
        // source (the migrations into OpenMarketStore, the OpenAPI documents into OpenMarketAPI), written by
        // OpenMarketSchemaEmbedder through scripts/check-embedded, which CI runs: an app's build runs no build plugin.
        // COpenMarketSQLite and COpenMarketZlib name no pkg-config package: on Apple platforms they are the SDK's own
        // libsqlite3 and libz (for every destination, iOS included), never a Homebrew keg that pkg-config or a brew
        // provider would find and hand its macOS -I/-L to; on Linux the headers and libraries are in the default paths
        // once scripts/ensure-dependencies installed libsqlite3-dev and zlib1g-dev.
        .systemLibrary(name: "COpenMarketSQLite"),
        .target(name: "OpenMarketSQLite", dependencies: ["COpenMarketSQLite"]),
        .executableTarget(name: "OpenMarketSchemaEmbedder", dependencies: [.product(name: "Yams", package: "Yams")]),
        .target(name: "OpenMarketStore", dependencies: ["OpenMarketLocking", "OpenMarketSQLite"]),

        // The API generations (v2b, v2a, v1b, v1a), each a `Generation` value, and everything they share.
        .target(
            name: "OpenMarketAPI",
            dependencies: [
                "OpenMarketHTTPCore", "OpenMarketLocking", "OpenMarketMultipart", "OpenMarketStore",
                "OpenMarketWireFormat",
            ]),

        // The control plane under /__admin: access, health, reset, the request journal, the OpenAPI document and the
        // page (the files in Page/, embedded as PageServing/EmbeddedPageFiles.swift by scripts/check-embedded).
        .target(
            name: "OpenMarketAdminPlane",
            dependencies: [
                "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketHTTPCore", "OpenMarketLocking",
                "OpenMarketMultipart", "OpenMarketStore", "OpenMarketVersion", "OpenMarketWireFormat",
            ],
            exclude: ["Page"]),

        // Client: an app-side Swift client written from the spec, sharing no code with the server.
        .target(name: "OpenMarketClient"),
        // For an app's test suite: runs the real openmarket binary per test. Depends on the client only, so an app's
        // test target never compiles the server.
        .target(name: "OpenMarketTesting", dependencies: ["OpenMarketClient", "OpenMarketPosixSpawn"]),

        // Seed data: the demo catalogue with its drawn pictures (PNG through the system zlib), and fixture files.
        .systemLibrary(name: "COpenMarketZlib"),
        // The demo's pictures are drawn once per build and kept in the user's cache folder (DemoPictureCache), so
        // debug builds need no optimisation flag, which would stop other packages from depending on this one.
        .target(
            name: "OpenMarketCatalogue", dependencies: ["COpenMarketZlib", "OpenMarketStore", "OpenMarketWireFormat"]),

        // One emulator (store, seed, vendors, generation, admin plane) assembled the same way for every transport: the
        // openmarket binary serves it over libmicrohttpd, OpenMarketEmulator through a URLProtocol. No Foundation.
        .target(
            name: "OpenMarketEmulatorCore",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketHTTPCore",
                "OpenMarketLocking", "OpenMarketStore", "OpenMarketWireFormat",
            ]),

        // For an app's tests, UI tests and previews: the emulator in process behind a URLProtocol. Its closure has no
        // libmicrohttpd and no Process, so it builds for iOS.
        .target(
            name: "OpenMarketEmulator",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketClient",
                "OpenMarketEmulatorCore", "OpenMarketHTTPCore", "OpenMarketLocking", "OpenMarketStore",
            ]),

        // CLI, and the version it reports.
        .target(name: "OpenMarketVersion"),
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketEmulatorCore",
                "OpenMarketHTTPCore", "OpenMarketHTTPServer", "OpenMarketMultipart", "OpenMarketStore",
                "OpenMarketVersion", "OpenMarketWireFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Tests
        .target(
            name: "OpenMarketHTTPTestSupport", dependencies: ["OpenMarketPosixSpawn"], path: "Tests/HTTPTestSupport"),
        .testTarget(name: "PosixSpawnTests", dependencies: ["OpenMarketPosixSpawn"]),
        .target(name: "OpenMarketTestFixtures", path: "Tests/Fixtures", exclude: ["README.md", "Samples"]),
        .testTarget(
            name: "HTTPServerTests",
            dependencies: [
                "OpenMarketHTTPCore", "OpenMarketHTTPServer", "OpenMarketHTTPTestSupport", "OpenMarketLocking",
            ]),
        .target(
            name: "OpenMarketMultipartSamples", dependencies: ["OpenMarketMultipart"], path: "Tests/MultipartSamples"),
        .testTarget(
            name: "MultipartTests",
            dependencies: ["OpenMarketMultipart", "OpenMarketMultipartSamples", "OpenMarketWireFormat"]),
        .testTarget(name: "WireFormatTests", dependencies: ["OpenMarketLocking", "OpenMarketWireFormat"]),
        .executableTarget(name: "OpenMarketStoreCrashWriter", dependencies: ["OpenMarketStore"]),
        // Benchmarks/storage/run.sh builds it in release: OpenMarketStore against a C loop over sqlite3. It lives in
        // this package because OpenMarketStore's API is `package`, shared with no other package.
        .executableTarget(
            name: "OpenMarketStorageBenchmark", dependencies: ["OpenMarketStore"],
            path: "Benchmarks/storage/Sources/StorageBenchmark"),
        // Benchmarks/lifetime/run.sh: 1,000 demo emulators made, used and dropped; memory and time per emulator.
        .executableTarget(
            name: "OpenMarketEmulatorLifetimeBenchmark", dependencies: ["OpenMarketClient", "OpenMarketEmulator"],
            path: "Benchmarks/lifetime/Sources/EmulatorLifetimeBenchmark"),
        // Benchmarks/paced/run.sh: whole bodies on a slow network for every kind of caller, on both transports.
        .executableTarget(
            name: "OpenMarketPacedBodiesBenchmark",
            dependencies: ["OpenMarketClient", "OpenMarketEmulator", "OpenMarketHTTPTestSupport"],
            path: "Benchmarks/paced/Sources/PacedBodiesBenchmark"),
        .testTarget(name: "SQLiteTests", dependencies: ["OpenMarketSQLite", "COpenMarketSQLite"]),
        .testTarget(
            name: "MarketStoreTests",
            dependencies: [
                "COpenMarketSQLite", "OpenMarketHTTPTestSupport", "OpenMarketLocking", "OpenMarketPosixSpawn",
                "OpenMarketSchemaEmbedder", "OpenMarketSQLite", "OpenMarketStore", "OpenMarketStoreCrashWriter",
            ]),
        .testTarget(
            name: "CatalogueTests",
            dependencies: [
                "COpenMarketZlib", "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketEmulatorCore",
                "OpenMarketHTTPTestSupport", "OpenMarketStore",
            ]),
        .testTarget(name: "OpenMarketClientTests", dependencies: ["OpenMarketClient", "OpenMarketTestFixtures"]),
        // Depends on the openmarket executable so that it is built; the tests find it with OpenMarketHTTPTestSupport.
        .testTarget(
            name: "OpenMarketTestingTests",
            dependencies: [
                "openmarket", "OpenMarketClient", "OpenMarketHTTPTestSupport", "OpenMarketPosixSpawn",
                "OpenMarketTesting",
            ]),
        .target(
            name: "OpenMarketAPITestSupport",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketEmulator", "OpenMarketEmulatorCore",
                "OpenMarketHTTPCore", "OpenMarketHTTPServer", "OpenMarketHTTPTestSupport", "OpenMarketLocking",
                "OpenMarketStore", "OpenMarketTestFixtures",
            ],
            path: "Tests/APITestSupport"),
        .testTarget(
            name: "APIv2bTests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketAPITestSupport", "OpenMarketHTTPCore", "OpenMarketHTTPTestSupport",
                "OpenMarketLocking", "OpenMarketStore",
            ]),
        .testTarget(
            name: "APIv2aTests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketAPITestSupport", "OpenMarketHTTPTestSupport", "OpenMarketStore",
            ]),
        .testTarget(
            name: "APIv1Tests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketAPITestSupport", "OpenMarketHTTPTestSupport", "OpenMarketStore",
            ]),
        // A process of its own per way of first touching URLSession.shared; OpenMarketEmulatorTests runs it.
        .executableTarget(
            name: "OpenMarketSharedSessionProbe", dependencies: ["OpenMarketEmulator"], path: "Tests/SharedSessionProbe"),
        .testTarget(
            name: "OpenMarketEmulatorTests",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketClient", "OpenMarketEmulator",
                "OpenMarketEmulatorCore", "OpenMarketHTTPServer", "OpenMarketHTTPTestSupport", "OpenMarketLocking",
                "OpenMarketMultipart", "OpenMarketPosixSpawn", "OpenMarketSharedSessionProbe", "OpenMarketWireFormat",
            ]),
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketAPITestSupport", "OpenMarketClient",
                "OpenMarketHTTPTestSupport", "OpenMarketMultipart", "OpenMarketStore", "OpenMarketTestFixtures",
            ]),
        .testTarget(
            name: "AdminPlaneTests",
            dependencies: [
                "OpenMarketAdminPlane", "OpenMarketAPI", "OpenMarketAPITestSupport", "OpenMarketEmulatorCore",
                "OpenMarketHTTPCore", "OpenMarketHTTPServer", "OpenMarketHTTPTestSupport", "OpenMarketMultipart",
                "OpenMarketStore", "OpenMarketWireFormat",
            ]),
        // Random operation sequences against a plain model, on the store and every generation (Tests/ModelBasedTests).
        .testTarget(
            name: "ModelBasedTests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketCatalogue", "OpenMarketEmulatorCore", "OpenMarketHTTPCore",
                "OpenMarketHTTPTestSupport", "OpenMarketLocking", "OpenMarketStore",
            ]),
        .testTarget(
            name: "OpenAPITests",
            dependencies: [
                "OpenMarketAPI", "OpenMarketHTTPCore", "OpenMarketHTTPTestSupport", "OpenMarketMultipart",
                "OpenMarketSchemaEmbedder", "OpenMarketStore", "OpenMarketWireFormat",
                .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(
            name: "OpenMarketCLITests",
            dependencies: [
                "openmarket", "OpenMarketAPI", "OpenMarketHTTPTestSupport", "OpenMarketMultipartSamples",
                "OpenMarketPosixSpawn", "OpenMarketVersion",
            ]),
        .testTarget(
            name: "DockerTests",
            dependencies: [
                "openmarket", "OpenMarketHTTPTestSupport", "OpenMarketPosixSpawn",
                .product(name: "Yams", package: "Yams"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)

// Access: `public` is the products' API and nothing else; what modules share inside the package is `package`. The one
// exception is OpenMarketLocking's locks and atomic word, which are `public` so that their `@inlinable` bodies reach
// their callers: this compiler serializes no `package` body for other modules (measured: each journal and cache lock
// was a generic call, its closure behind thunks, about 300 instructions a request). No product re-exports them. These
// upcoming features keep that honest: an import is internal unless a file says `package import` or `public import`
// because its API shows the imported types, a member is visible only where its module is imported, and an existential
// is spelled `any`.
let upcomingFeatures: [SwiftSetting] = [
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("ExistentialAny"),
]
for target in package.targets where [.regular, .executable, .test].contains(target.type) {
    target.swiftSettings = (target.swiftSettings ?? []) + upcomingFeatures
}

for target in package.targets where target.path == nil && [.regular, .executable, .system].contains(target.type) {
    guard let layer = layers.first(where: { $0.value.contains(target.name) })?.key else {
        fatalError("Package.swift: put the target \(target.name) in one of the layers at the top")
    }
    target.path = "Sources/\(layer)/\(target.name)"
}
