package import OpenMarketStore

extension SeedCatalogue {
    /// On v2 every product must name a vendor of the seed or a configured one.
    package func checkVendors(configured: [VendorConfiguration]) throws(FixtureError) {
        let known = Set((vendors + configured).map(\.identifier))
        for (index, product) in products.enumerated() {
            let path = "products[\(index)].vendor"
            guard let vendor = product.vendor else {
                throw FixtureError(path, "missing; on v2 a product belongs to a vendor: give its identifier")
            }
            guard known.contains(vendor) else {
                throw FixtureError(
                    path,
                    "\"\(vendor)\" is not the identifier of a vendor in \"vendors\" or given with --vendor; known: "
                        + known.sorted().joined(separator: ", "))
            }
        }
    }
}
