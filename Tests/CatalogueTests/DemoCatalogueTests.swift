import Foundation
import Testing
@testable import Catalogue

@Suite("the demo catalogue")
struct DemoCatalogueTests {
    @Test("draws")
    func draws() throws {
        let start = ContinuousClock.now
        let catalogue = DemoCatalogue.build()
        print("built in \(ContinuousClock.now - start)")
        if let directory = ProcessInfo.processInfo.environment["SEED_PICTURES"] {
            for product in catalogue.products.prefix(20) {
                for (index, image) in product.images.enumerated() {
                    try Data(image.bytes).write(to: URL(fileURLWithPath: "\(directory)/\(product.id ?? 0)-\(index).png"))
                }
            }
        }
        print("bytes", catalogue.products.flatMap(\.images).map(\.bytes.count).reduce(0, +), catalogue.products.flatMap(\.images).count)
    }
}
