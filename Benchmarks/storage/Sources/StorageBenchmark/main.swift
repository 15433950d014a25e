import Foundation
import OpenMarketStore

// Measures MarketStore's product detail reads, reads of a page of the 20 newest products (a tenth as many
// as detail reads) and creates with one image, on a database it seeds itself, and seeds a twin database
// (c.sqlite) for store_loop.c to run the same statements on.
// Usage: OpenMarketStorageBenchmark <work directory> <seeded product count> <reads> <creates> <image bytes>

let arguments = CommandLine.arguments
guard arguments.count == 6, let seeded = Int(arguments[2]), seeded > 0, let reads = Int(arguments[3]),
      let creates = Int(arguments[4]), let imageSize = Int(arguments[5]), reads >= 50, creates >= 5, imageSize >= 0
else {
    print("usage: OpenMarketStorageBenchmark <work directory> <seeded product count> <reads> <creates> <image bytes>")
    exit(64)
}
let directory = arguments[1]

func product(vendorID: Int64) -> NewProduct {
    NewProduct(
        vendorID: vendorID,
        fields: ProductFields(
            name: "benchmark product", description: "a product created by the storage benchmark", price: 1_300_000,
            currency: "KRW", discountedPrice: 1000, stock: 12),
        registeredAt: 1_707_300_000.5, password: nil, productSecret: "3f1c2b1e-7838-11ec-abfa-55347a6e30e7"
    )
}

func image(key: String, size: Int) -> NewImage {
    NewImage(
        bytes: (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31) }, mediaType: "image/png", fileExtension: "png",
        originKey: "\(key)_origin.png", thumbnailKey: "\(key)_thumb.png"
    )
}

/// Creates the database `name` with one vendor and `seeded` products of three 2 KB images each; returns
/// the vendor's id.
func seed(_ name: String) throws -> Int64 {
    let store = try MarketStore(path: "\(directory)/\(name).sqlite", readers: 1)
    try store.claimGeneration("v2b")
    let vendors = [VendorConfiguration(name: "benchmark", identifier: "benchmark-identifier", secret: "benchmark-secret")]
    let vendorID = try store.upsertVendors(vendors, now: 1_707_300_000)[0].id
    for number in 0..<seeded {
        _ = try store.createProduct(
            product(vendorID: vendorID), images: (0..<3).map { image(key: "seed/\(number)/\($0)", size: 2048) }
        )
    }
    return vendorID
}

/// Operations per second in the fastest of five rounds of `count / 5` operations each, so that other load
/// on a shared machine distorts the figure less (store_loop.c measures the same way).
func bestRate(_ count: Int, _ operation: (Int) throws -> Void) rethrows -> Double {
    let rounds = 5
    let clock = ContinuousClock()
    var best = 0.0
    var number = 0
    for _ in 0..<rounds {
        let elapsed = try clock.measure {
            for _ in 0..<count / rounds {
                try operation(number)
                number += 1
            }
        }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        best = max(best, Double(count / rounds) / seconds)
    }
    return best
}

do {
    _ = try seed("c")
    // Reopened, as store_loop opens its database: both start with a checkpointed file and no WAL.
    let vendorID = try seed("swift")
    let store = try MarketStore(path: "\(directory)/swift.sqlite", readers: 1)

    // The same id sequence as store_loop.c.
    var random: UInt64 = 0x2545_F491_4F6C_DD1D
    var found = 0
    let readRate = try bestRate(reads) { _ in
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        if try store.product(id: 1 + Int64((random >> 33) % UInt64(seeded))) != nil { found += 1 }
    }
    guard found == reads / 5 * 5 else {
        print("only \(found) reads found their product")
        exit(1)
    }
    print("swift point_reads_per_second \(Int(readRate))")

    var listed = 0
    let pageRate = try bestRate(reads / 10) { number in
        listed += try store.page(offset: number % 10 * 20, limit: 20, search: nil, order: .newestFirst).products.count
    }
    guard listed == reads / 10 / 5 * 5 * 20 else {
        print("pages held \(listed) products, expected 20 each")
        exit(1)
    }
    print("swift page_reads_per_second \(Int(pageRate))")

    var upload = image(key: "", size: imageSize)
    let createRate = try bestRate(creates) { number in
        upload.originKey = "swift/\(number)_origin.png"
        upload.thumbnailKey = "swift/\(number)_thumb.png"
        _ = try store.createProduct(product(vendorID: vendorID), images: [upload])
    }
    print("swift creates_per_second \(Int(createRate))")
} catch {
    print("OpenMarketStorageBenchmark: \(error)")
    exit(1)
}
