import Dispatch
import MarketStore

/// The built-in catalogue of `--seed demo`: the same products, times, prices and pictures on every start.
public enum DemoCatalogue {
    /// 2024-03-04 09:00 in Seoul; the products were registered one after another from then on.
    static let firstRegistration: Double = 1_709_510_400
    static let registrationInterval: Double = 4_321.25

    /// Draws every picture, so it takes a moment: build it once and keep it. Discounts are written the way
    /// `generation` reads them, so an app shows the same sale prices on every generation.
    public static func build(for generation: SeedGeneration) -> SeedCatalogue {
        var products = DemoProducts.entries.enumerated().map { index, entry in
            product(index, entry, discountIsAmountOff: generation.discountIsAmountOff)
        }
        let pictures = pngBytes(of: DemoProducts.entries.enumerated().map(pictures))
        for index in products.indices {
            products[index].images = pictures[index].map { SeedImage(bytes: $0, mediaType: "image/png", fileExtension: "png") }
        }
        return SeedCatalogue(vendors: DemoVendors.all, products: products)
    }

    private static func product(_ index: Int, _ entry: DemoProducts.Entry, discountIsAmountOff: Bool) -> SeedProduct {
        let vendor = DemoVendors.all[entry.vendor]
        let usesDollars = entry.vendor == 1
        let salePrice: Double? = index % 3 == 1 ? discounted(entry.price, percentOff: 10 + index % 4 * 5, usesDollars) : nil
        let discount = salePrice.map { discountIsAmountOff ? entry.price - $0 : $0 }
        return SeedProduct(
            id: Int64(index + 1), vendor: vendor.identifier,
            fields: ProductFields(
                name: entry.name, description: DemoCopy.description(of: entry, inKorean: !usesDollars),
                price: entry.price, currency: usesDollars ? "USD" : "KRW", discountedPrice: discount,
                stock: index % 6 == 4 ? 0 : Int64(index * 17 % 45 + 1)),
            registeredAt: firstRegistration + Double(index) * registrationInterval, images: [])
    }

    /// One to five pictures of each product, in its colours.
    private static func pictures(_ index: Int, _ entry: DemoProducts.Entry) -> [ProductPicture] {
        let palette = DemoPalettes.all[index * 7 % DemoPalettes.all.count]
        return (0..<(1 + index * 3 % 5)).map { variant in
            ProductPicture(kind: entry.kind, palette: palette, variant: variant, seed: UInt64(index + 1))
        }
    }

    /// Draws the pictures on every core. Each drawing writes only its own slot of the result, so the slots need no
    /// lock; `concurrentPerform` returns once all are written.
    private static func pngBytes(of pictures: [[ProductPicture]]) -> [[[UInt8]]] {
        let flat = pictures.flatMap { $0 }
        var drawn = [[UInt8]](repeating: [], count: flat.count)
        drawn.withUnsafeMutableBufferPointer { slots in
            nonisolated(unsafe) let slots = slots
            DispatchQueue.concurrentPerform(iterations: flat.count) { index in
                slots[index] = flat[index].pngBytes()
            }
        }
        var remaining = drawn[...]
        return pictures.map { product in
            defer { remaining = remaining.dropFirst(product.count) }
            return Array(remaining.prefix(product.count))
        }
    }

    /// Whole cents for dollars, whole hundreds of won for won.
    private static func discounted(_ price: Double, percentOff: Int, _ usesDollars: Bool) -> Double {
        let cents = price * Double(100 - percentOff)
        return usesDollars ? cents.rounded() / 100 : (cents / 10_000).rounded() * 100
    }
}
