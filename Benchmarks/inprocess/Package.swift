// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its directory name, which differs between clones of the repository.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

// The in-process emulator's speed: round trips through URLSession (beside the live server on loopback, with the same
// client), the time to make an emulator, and the wall time of a 100-test parallel suite (HundredTests). run.sh.
let package = Package(
    name: "EmulatorBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "EmulatorBenchmark",
            dependencies: [.product(name: "OpenMarketEmulator", package: repository)]),
        .testTarget(
            name: "HundredTests",
            dependencies: [
                .product(name: "OpenMarketClient", package: repository),
                .product(name: "OpenMarketEmulator", package: repository),
            ]),
    ]
)
