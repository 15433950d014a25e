// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OpenMarket",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "openmarket", targets: ["openmarket"]),
        .library(name: "OpenMarketClient", targets: ["OpenMarketClient"]),
        .library(name: "MarketStore", targets: ["MarketStore"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        // Tests only: a real YAML parser for docker/docker-compose.yml.
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // HTTP: libmicrohttpd, the C shim over it, and the Swift layer (requests, responses, routing).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(name: "HTTPShim", dependencies: ["CMicroHTTPD"]),
        .target(name: "HTTPServer", dependencies: ["HTTPShim"]),

        // Multipart: the streaming multipart/form-data parser, independent of HTTP.
        .target(name: "Multipart"),

        // Wire format: the JSON writer and reader, Java-style doubles, dates, image sniffing, identifiers.
        .target(name: "WireFormat"),

        // Storage: SQLite through its C API, and the product store. Schema/ is embedded at build time.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .executableTarget(name: "SchemaEmbedder"),
        .plugin(name: "EmbedSchema", capability: .buildTool(), dependencies: ["SchemaEmbedder"]),
        .target(name: "MarketStore", dependencies: ["SQLite"], plugins: ["EmbedSchema"]),

        // API generations: what they share, then one module each.
        .target(name: "MarketAPI", dependencies: ["HTTPServer", "MarketStore", "Multipart", "WireFormat"]),
        .target(name: "APIv2b", dependencies: ["MarketAPI", "HTTPServer", "MarketStore", "WireFormat"]),
        .target(name: "APIv2a", dependencies: ["MarketAPI", "HTTPServer", "MarketStore", "WireFormat"]),
        .target(name: "APIv1b", dependencies: ["MarketAPI", "HTTPServer", "MarketStore"]),
        .target(name: "APIv1a", dependencies: ["MarketAPI", "HTTPServer", "MarketStore", "WireFormat"]),

        // Client: an app-side Swift client written from the spec, sharing no code with the server.
        .target(name: "OpenMarketClient"),

        // CLI
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "HTTPServer", "MarketAPI", "MarketStore", "WireFormat", "APIv2b", "APIv2a", "APIv1b", "APIv1a",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        // Tests
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTestSupport"]),
        .target(name: "SeededRandom", path: "Tests/SeededRandom"),
        .testTarget(name: "MultipartTests", dependencies: ["Multipart", "SeededRandom"]),
        .testTarget(name: "WireFormatTests", dependencies: ["WireFormat", "SeededRandom"]),
        .executableTarget(name: "StoreCrashWriter", dependencies: ["MarketStore"]),
        .testTarget(name: "SQLiteTests", dependencies: ["SQLite", "CSQLite"]),
        .testTarget(
            name: "MarketStoreTests",
            dependencies: ["MarketStore", "SQLite", "CSQLite", "SchemaEmbedder", "StoreCrashWriter", "HTTPTestSupport"]),
        .testTarget(name: "OpenMarketClientTests", dependencies: ["OpenMarketClient"]),
        .target(
            name: "APITestSupport",
            dependencies: [
                "HTTPServer", "HTTPTestSupport", "MarketAPI", "MarketStore",
            ],
            path: "Tests/APITestSupport"),
        .testTarget(name: "APIv2bTests", dependencies: ["APIv2b", "APITestSupport", "HTTPTestSupport", "MarketStore"]),
        .testTarget(name: "APIv2aTests", dependencies: ["APIv2a", "APITestSupport", "HTTPTestSupport", "MarketStore"]),
        .testTarget(name: "APIv1Tests", dependencies: ["APIv1a", "APIv1b", "APITestSupport", "HTTPTestSupport", "MarketStore"]),
        .testTarget(
            name: "ContractTests",
            dependencies: ["OpenMarketClient", "APITestSupport", "APIv2b", "HTTPTestSupport", "MarketStore", "Multipart"]),
        .testTarget(name: "OpenMarketCLITests", dependencies: ["openmarket", "HTTPTestSupport"]),
        .testTarget(
            name: "DockerTests",
            dependencies: ["openmarket", "HTTPTestSupport", .product(name: "Yams", package: "Yams")]),
    ],
    swiftLanguageModes: [.v6]
)
