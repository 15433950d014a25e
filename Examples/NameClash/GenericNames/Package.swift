// swift-tools-version:6.0
import PackageDescription

// Stand-ins for the packages an app may already use, each target named as theirs are. Every name but the last was a
// target OpenMarketEmulator brought into an app's graph before the project named its modules `OpenMarket…`.
// `MultipartTests` is the name of one of the project's test targets: SwiftPM does not count a dependency's test
// targets, so that name may stay, and this keeps checking it.
let swiftTargets = ["SQLite", "Locking", "Multipart", "WireFormat", "HTTPCore", "Catalogue", "MultipartTests"]
// The system libraries, as GRDB (before 7) wraps sqlite3 and other packages wrap zlib: the same headers the
// project's COpenMarketSQLite and COpenMarketZlib wrap, in modules of these names.
let systemLibraries = ["CSQLite", "CZlib"]

let package = Package(
    name: "GenericNames",
    // SwiftPM wants a system library in a product of its own.
    products: [.library(name: "GenericNames", targets: swiftTargets)]
        + systemLibraries.map { Product.library(name: $0, targets: [$0]) },
    targets: swiftTargets.map { Target.target(name: $0) } + systemLibraries.map { Target.systemLibrary(name: $0) },
    swiftLanguageModes: [.v6]
)
