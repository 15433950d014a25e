import OpenMarketStore

/// The built-in catalogue of `--seed demo`: the same products, times, prices and pictures on every start.
package enum DemoCatalogue {
    /// 2024-03-04 09:00 in Seoul; the products were registered one after another from then on.
    static let firstRegistration: Double = 1_709_510_400
    static let registrationInterval: Double = 4_321.25

    /// The catalogue with pictures drawn now, which takes a moment (some 0.5 s optimised, many seconds in a debug
    /// build): `shared(for:)` is what to use. Discounts are written the way `generation` reads them, so an app shows
    /// the same sale prices on every generation.
    package static func build(for generation: SeedGeneration) -> SeedCatalogue {
        catalogue(for: generation, pictures: DemoPictures.draw())
    }

    /// The catalogue with the pictures of this process, drawn once per process and kept on disk between processes
    /// (under the user's cache folder, or `OPENMARKET_CACHE_DIR`), so that only the first start of a build draws.
    package static func shared(for generation: SeedGeneration) -> SeedCatalogue {
        catalogue(for: generation, pictures: DemoPictures.shared)
    }

    private static func catalogue(for generation: SeedGeneration, pictures: [[[UInt8]]]) -> SeedCatalogue {
        var products = DemoProducts.entries.enumerated().map { index, entry in
            product(index, entry, discountIsAmountOff: generation.discountIsAmountOff)
        }
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

    /// Whole cents for dollars, whole hundreds of won for won.
    private static func discounted(_ price: Double, percentOff: Int, _ usesDollars: Bool) -> Double {
        let cents = price * Double(100 - percentOff)
        return usesDollars ? cents.rounded() / 100 : (cents / 10_000).rounded() * 100
    }
}
