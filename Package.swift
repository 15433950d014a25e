// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "OpenMarket",
    platforms: [.macOS(.v13), .iOS(.v16)],
    products: [
        .executable(name: "openmarket", targets: ["openmarket"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
    ],
    targets: [
        // HTTP: libmicrohttpd, the C shim over it, and the Swift layer (requests, responses, routing).
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]),
        .target(name: "HTTPShim", dependencies: ["CMicroHTTPD"]),
        .target(
            name: "HTTPServer",
            dependencies: ["HTTPShim", .product(name: "Logging", package: "swift-log")]),

        // CLI
        .executableTarget(
            name: "openmarket",
            dependencies: [
                "HTTPServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]),

        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTPTestSupport"]),
        .target(name: "HTTPTestSupport", path: "Tests/HTTPTestSupport"),
    ],
    swiftLanguageModes: [.v6]
)
