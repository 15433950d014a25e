// swift-tools-version:6.0
import PackageDescription

// An app's package graph, as SwiftPM checks it: OpenMarketEmulator beside GenericNames, a stand-in for an app's other
// packages, whose targets have the generic names they use (SQLite.swift's `SQLite`, GRDB's `CSQLite` before 7, a
// `Locking`, ...). SwiftPM refuses a graph in which two packages declare a target of the same name that an app's
// products reach, so this resolves and builds only while every such target of the project has a name of its own.
// ./run.sh builds and runs it from an empty build folder.
let package = Package(
    name: "NameClash",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "openmarket", path: "../.."),
        .package(path: "GenericNames"),
    ],
    targets: [
        .executableTarget(
            name: "NameClashApp",
            dependencies: [
                .product(name: "OpenMarketEmulator", package: "openmarket"),
                .product(name: "GenericNames", package: "GenericNames"),
                .product(name: "CSQLite", package: "GenericNames"),
                .product(name: "CZlib", package: "GenericNames"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
