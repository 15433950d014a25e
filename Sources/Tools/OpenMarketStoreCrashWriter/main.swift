import Foundation
import OpenMarketStore

// Child process of the crash-safety test: creates products as fast as it can until it is killed,
// printing "<product id> <product name>" after each create has committed. Each name ends in its
// image count, so the test can tell a complete product from a torn one.
// Usage: OpenMarketStoreCrashWriter <database path> <maximum number of products>

let arguments = CommandLine.arguments
guard arguments.count == 3, let maximum = Int(arguments[2]), maximum > 0 else {
    FileHandle.standardError.write(Data("usage: OpenMarketStoreCrashWriter <database path> <maximum number of products>\n".utf8))
    exit(64)
}
do {
    let store = try MarketStore(path: arguments[1], readers: 0)
    for number in 1...maximum {
        let imageCount = 1 + number % 3
        let images = (0..<imageCount).map { position in
            NewImage(
                bytes: [UInt8](repeating: UInt8(truncatingIfNeeded: number + position), count: 40_000),
                mediaType: "application/octet-stream", fileExtension: nil,
                originKey: "burst/\(number)/\(position)/origin", thumbnailKey: "burst/\(number)/\(position)/thumb"
            )
        }
        let product = try store.createProduct(
            NewProduct(
                vendorID: nil,
                fields: ProductFields(
                    name: "burst-\(number)-images-\(imageCount)", description: "", price: 1, currency: "KRW",
                    discountedPrice: nil, stock: 1),
                registeredAt: 0, password: "p", productSecret: nil
            ),
            images: images
        )
        FileHandle.standardOutput.write(Data("\(product.id) \(product.name)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("OpenMarketStoreCrashWriter: \(error)\n".utf8))
    exit(1)
}
