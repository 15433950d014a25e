// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its directory name, which differs between clones of the repository.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// A course-style app's networking layer (MarketApp) and its tests, XCTest and Swift Testing, each test on its own
// in-process emulator. It depends on the project by path and uses only the OpenMarketEmulator library, as an app's
// test target would; ./run.sh runs the tests in parallel and checks that the library builds without libmicrohttpd.
let package = Package(
    name: "AppTests",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        // The app's own code: no dependency on the emulator, as in an app target.
        .target(name: "MarketApp"),
        .testTarget(
            name: "MarketAppXCTests",
            dependencies: ["MarketApp", .product(name: "OpenMarketEmulator", package: repository)]),
        .testTarget(
            name: "MarketAppTests",
            dependencies: ["MarketApp", .product(name: "OpenMarketEmulator", package: repository)]),
    ],
    swiftLanguageModes: [.v6]
)
