// swift-tools-version:6.0
import PackageDescription

// Sources/ is grouped by layer, from the bottom up (ARCHITECTURE.md draws the graph): a module depends only on
// modules of its own layer or of layers listed before it (build tools aside). A source target lives in
// Sources/<layer>/<name>.
let layers: KeyValuePairs<String, [String]> = [
    "Core": ["Locking", "PosixSpawn", "WireFormat", "Multipart", "CSQLite", "SQLite", "MarketStore", "OpenMarketVersion"],
    "Transport": ["HTTPCore", "CMicroHTTPD", "HTTPShim", "HTTPServer"],
    "API": ["MarketAPI", "AdminPlane", "CZlib", "Catalogue"],
    "Assembly": ["EmulatorCore"],
    "Client": ["OpenMarketClient", "OpenMarketTesting"],
    "Products": ["openmarket", "OpenMarketEmulator"],
    "Tools": ["SchemaEmbedder", "StoreCrashWriter"],
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
        // A real YAML parser: at build time for the OpenAPI documents (SchemaEmbedder), in tests for
        // docker/docker-compose.yml and the documents. The server itself never links it.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // The one lock type every module uses.
        .target(name: "Locking"),
        // The one way this package starts a child process (posix_spawn, never Foundation's Process): OpenMarketTesting
        // starts the server with it, the tests their helpers.
        .target(name: "PosixSpawn", dependencies: ["Locking"]),

        // HTTP vocabulary without any C dependency (requests, responses, routing, the interceptor hook): the core both
        // transports serve, so the in-process emulator links no libmicrohttpd.
        .target(name: "HTTPCore", dependencies: ["Locking"]),
        // The network transport: libmicrohttpd, the C shim over it, and the Swift server that answers through HTTPCore.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(
            name: "HTTPShim", dependencies: ["CMicroHTTPD"]),
        .target(name: "HTTPServer", dependencies: ["HTTPCore", "HTTPShim", "Locking"]),

        // Multipart: the streaming multipart/form-data parser, independent of HTTP.
        .target(name: "Multipart"),

        // Wire format: the JSON writer and reader, Java-style doubles, dates, image sniffing, identifiers.
        .target(name: "WireFormat", dependencies: ["Locking"]),

        // Storage: SQLite through its C API, and the product store. Schema/ is embedded at build time (the
        // migrations into MarketStore, the OpenAPI documents into MarketAPI).
        // CSQLite and CZlib name no pkg-config package: on Apple platforms they are the SDK's own libsqlite3 and libz
        // (for every destination, iOS included), never a Homebrew keg that pkg-config or a brew provider would find
        // and hand its macOS -I/-L to; on Linux the headers and libraries are in the default paths once
        // scripts/ensure-dependencies installed libsqlite3-dev and zlib1g-dev.
        .systemLibrary(name: "CSQLite"),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .executableTarget(name: "SchemaEmbedder", dependencies: [.product(name: "Yams", package: "Yams")]),
        .plugin(name: "EmbedSchema", capability: .buildTool(), dependencies: ["SchemaEmbedder"]),
        .target(name: "MarketStore", dependencies: ["Locking", "SQLite"], plugins: ["EmbedSchema"]),

        // The API generations (v2b, v2a, v1b, v1a), each a `Generation` value, and everything they share.
        .target(
            name: "MarketAPI", dependencies: ["HTTPCore", "Locking", "MarketStore", "Multipart", "WireFormat"],
            plugins: ["EmbedSchema"]),

        // The control plane under /__admin: access, health, reset, the request journal, the OpenAPI document and the
        // page (Sources/AdminPlane/Page, embedded at build time).
        .target(
            name: "AdminPlane",
            dependencies: [
                "Catalogue", "HTTPCore", "Locking", "MarketAPI", "MarketStore", "Multipart", "OpenMarketVersion",
                "WireFormat",
            ],
            exclude: ["Page"],
            plugins: ["EmbedSchema"]),

        // Client: an app-side Swift client written from the spec, sharing no code with the server.
        .target(name: "OpenMarketClient"),
        // For an app's test suite: runs the real openmarket binary per test. Depends on the client only, so an app's
        // test target never compiles the server.
        .target(name: "OpenMarketTesting", dependencies: ["OpenMarketClient", "PosixSpawn"]),

        // Seed data: the demo catalogue with its drawn pictures (PNG through the system zlib), and fixture files.
        .systemLibrary(name: "CZlib"),
        // The demo's pictures are drawn once per build and kept in the user's cache folder (DemoPictureCache), so
        // debug builds need no optimisation flag, which would stop other packages from depending on this one.
        .target(name: "Catalogue", dependencies: ["CZlib", "MarketStore", "WireFormat"]),

        // One emulator (store, seed, vendors, generation, admin plane) assembled the same way for every transport: the
        // openmarket binary serves it over libmicrohttpd, OpenMarketEmulator through a URLProtocol. No Foundation.
        .target(
            name: "EmulatorCore",
            dependencies: [
                "AdminPlane", "Catalogue", "CZlib", "HTTPCore", "Locking", "MarketAPI", "MarketStore", "Multipart",
            ]),

        // For an app's tests, UI tests and previews: the emulator in process behind a URLProtocol. Its closure has no
        // libmicrohttpd and no Process, so it builds for iOS.
        .target(
            name: "OpenMarketEmulator",
            dependencies: [
                "AdminPlane", "Catalogue", "EmulatorCore", "HTTPCore", "Locking", "MarketAPI", "MarketStore",
                "OpenMarketClient",
            ]),

        // CLI, and the version it reports.
        .target(name: "OpenMarketVersion"),
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "AdminPlane", "Catalogue", "EmulatorCore", "HTTPCore", "HTTPServer", "MarketAPI", "MarketStore", "Multipart",
                "OpenMarketVersion", "WireFormat",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Tests
        .target(name: "HTTPTestSupport", dependencies: ["PosixSpawn"], path: "Tests/HTTPTestSupport"),
        .testTarget(name: "PosixSpawnTests", dependencies: ["PosixSpawn"]),
        .target(name: "TestFixtures", path: "Tests/Fixtures", exclude: ["README.md", "Samples"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPCore", "HTTPServer", "HTTPTestSupport", "Locking"]),
        .target(name: "MultipartSamples", dependencies: ["Multipart"], path: "Tests/MultipartSamples"),
        .testTarget(name: "MultipartTests", dependencies: ["Multipart", "MultipartSamples", "WireFormat"]),
        .testTarget(name: "WireFormatTests", dependencies: ["Locking", "WireFormat"]),
        .executableTarget(name: "StoreCrashWriter", dependencies: ["MarketStore"]),
        // Benchmarks/storage/run.sh builds it in release: MarketStore against a C loop over sqlite3. It lives in this
        // package because MarketStore's API is `package`, shared with no other package.
        .executableTarget(
            name: "StorageBenchmark", dependencies: ["MarketStore"], path: "Benchmarks/storage/Sources/StorageBenchmark"),
        // Benchmarks/lifetime/run.sh: 1,000 demo emulators made, used and dropped; memory and time per emulator.
        .executableTarget(
            name: "EmulatorLifetimeBenchmark", dependencies: ["OpenMarketClient", "OpenMarketEmulator"],
            path: "Benchmarks/lifetime/Sources/EmulatorLifetimeBenchmark"),
        // Benchmarks/paced/run.sh: whole bodies on a slow network for every kind of caller, on both transports.
        .executableTarget(
            name: "PacedBodiesBenchmark", dependencies: ["HTTPTestSupport", "OpenMarketClient", "OpenMarketEmulator"],
            path: "Benchmarks/paced/Sources/PacedBodiesBenchmark"),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "CSQLite"]),
        .testTarget(
            name: "MarketStoreTests",
            dependencies: ["Locking", "MarketStore", "SQLite", "CSQLite", "SchemaEmbedder", "StoreCrashWriter", "HTTPTestSupport", "PosixSpawn"]),
        .testTarget(
            name: "CatalogueTests",
            dependencies: ["Catalogue", "EmulatorCore", "MarketAPI", "MarketStore", "CZlib", "HTTPTestSupport"]),
        .testTarget(name: "OpenMarketClientTests", dependencies: ["OpenMarketClient", "TestFixtures"]),
        // Depends on the openmarket executable so that it is built; the tests find it with HTTPTestSupport.
        .testTarget(
            name: "OpenMarketTestingTests", dependencies: ["OpenMarketTesting", "OpenMarketClient", "openmarket", "HTTPTestSupport", "PosixSpawn"]),
        .target(
            name: "APITestSupport",
            dependencies: [
                "AdminPlane", "EmulatorCore", "HTTPCore", "HTTPServer", "HTTPTestSupport", "Locking", "MarketAPI",
                "MarketStore", "OpenMarketEmulator", "TestFixtures",
            ],
            path: "Tests/APITestSupport"),
        .testTarget(
            name: "APIv2bTests", dependencies: ["APITestSupport", "HTTPCore", "HTTPTestSupport", "Locking", "MarketAPI", "MarketStore"]),
        .testTarget(name: "APIv2aTests", dependencies: ["APITestSupport", "HTTPTestSupport", "MarketAPI", "MarketStore"]),
        .testTarget(name: "APIv1Tests", dependencies: ["APITestSupport", "HTTPTestSupport", "MarketAPI", "MarketStore"]),
        // A process of its own per way of first touching URLSession.shared; OpenMarketEmulatorTests runs it.
        .executableTarget(name: "SharedSessionProbe", dependencies: ["OpenMarketEmulator"], path: "Tests/SharedSessionProbe"),
        .testTarget(
            name: "OpenMarketEmulatorTests",
            dependencies: [
                "AdminPlane", "EmulatorCore", "HTTPServer", "HTTPTestSupport", "Locking", "MarketAPI", "Multipart",
                "OpenMarketClient", "OpenMarketEmulator", "PosixSpawn", "SharedSessionProbe", "WireFormat",
            ]),
        .testTarget(
            name: "ContractTests",
            dependencies: [
                "AdminPlane", "OpenMarketClient", "APITestSupport", "HTTPTestSupport", "MarketAPI", "MarketStore",
                "Multipart", "TestFixtures",
            ]),
        .testTarget(
            name: "AdminPlaneTests",
            dependencies: [
                "AdminPlane", "APITestSupport", "HTTPCore", "HTTPServer", "HTTPTestSupport", "MarketAPI", "MarketStore",
                "Multipart", "WireFormat",
            ]),
        .testTarget(
            name: "OpenAPITests",
            dependencies: [
                "HTTPCore", "HTTPTestSupport", "MarketAPI", "MarketStore", "SchemaEmbedder", "WireFormat",
                .product(name: "Yams", package: "Yams"),
            ]),
        .testTarget(
            name: "OpenMarketCLITests",
            dependencies: ["openmarket", "MarketAPI", "OpenMarketVersion", "HTTPTestSupport", "MultipartSamples", "PosixSpawn"]),
        .testTarget(
            name: "DockerTests",
            dependencies: ["openmarket", "HTTPTestSupport", "PosixSpawn", .product(name: "Yams", package: "Yams")]),
    ],
    swiftLanguageModes: [.v6]
)

// Access: `public` is the products' API and nothing else; what modules share inside the package is `package`. These
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
