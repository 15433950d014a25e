// swift-tools-version:6.0
import Foundation
import PackageDescription

// A path dependency's identity is its directory name, which differs between clones of the repository.
let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
    name: "StorageBenchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(path: "../..")],
    targets: [
        .executableTarget(
            name: "StorageBenchmark",
            dependencies: [.product(name: "MarketStore", package: repository)]
        ),
    ]
)
