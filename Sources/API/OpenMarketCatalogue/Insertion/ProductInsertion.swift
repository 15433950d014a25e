package import OpenMarketStore
import OpenMarketWireFormat

/// Adds products to a store that may already hold some, for a test that needs exact data: each product is checked
/// first (its vendor configured, its images pictures, a v1 item's password given, and, unless the test allows it,
/// nothing the generation's API refuses), then all are written in one transaction with the ids they give or the next
/// free ones, their images under the generation's keys as seed data has them. The first product that cannot be
/// added stops all of them.
package struct ProductInsertion: Sendable {
    package let generation: SeedGeneration
    package let usesVendors: Bool
    /// The vendor of a v2 product that names none: the first configured one.
    package let defaultVendor: String?
    /// Why the generation's API would refuse to create a product with these fields and pictures of these sizes, in
    /// its own words; nil when it would take it.
    package let apiRefusal: @Sendable (_ fields: ProductFields, _ imageSizes: [Int]) -> String?

    package init(
        generation: SeedGeneration, usesVendors: Bool, defaultVendor: String?,
        apiRefusal: @escaping @Sendable (_ fields: ProductFields, _ imageSizes: [Int]) -> String?
    ) {
        self.generation = generation
        self.usesVendors = usesVendors
        self.defaultVendor = defaultVendor
        self.apiRefusal = apiRefusal
    }

    /// Checks what each product must be whatever the store holds (all but its id being free and its vendor
    /// configured), so that a start can refuse a product before it opens the store.
    package func check(_ products: [InsertedProduct], allowingWhatTheAPIRefuses: Bool) throws(InsertionError) {
        for (index, product) in products.enumerated() {
            let failure = Self.failure(of: product, at: index)
            _ = try seed(product, allowingWhatTheAPIRefuses: allowingWhatTheAPIRefuses, failure: failure)
        }
    }

    private static func failure(of product: InsertedProduct, at index: Int) -> (String) -> InsertionError {
        { reason in InsertionError(index: index, name: product.fields.name, reason: reason) }
    }

    /// Writes `products` and returns their ids, in order. `now` (unix seconds) is the time of those without one.
    /// `allowingWhatTheAPIRefuses` takes products the API could not have made (a v1 price with a fraction, a
    /// currency v2 refuses, what `--strict` refuses), for a test that means to.
    package func insert(
        _ products: [InsertedProduct], into store: MarketStore, now: Double, allowingWhatTheAPIRefuses: Bool
    ) throws -> [Int64] {
        var vendorIDs: [String: Int64] = [:]
        var seeds: [SeedProduct] = []
        for (index, product) in products.enumerated() {
            let failure = Self.failure(of: product, at: index)
            var seed = try seed(product, allowingWhatTheAPIRefuses: allowingWhatTheAPIRefuses, failure: failure)
            seed.vendor = try vendor(of: product, in: store, ids: &vendorIDs, failure: failure)
            seeds.append(seed)
        }
        do {
            return try store.insert { nextProductID, nextImageID in
                // In order, as one call after another would: a product without an id takes the next after the
                // store's and the earlier products' ids.
                var nextID = nextProductID
                let numbered = seeds.map { seed in
                    var numbered = seed
                    numbered.id = seed.id ?? nextID
                    nextID = max(nextID, (numbered.id ?? nextID) + 1)
                    return numbered
                }
                return SeedCatalogue(vendors: [], products: numbered).storeRows(
                    vendorIDs: vendorIDs, generation: generation, now: now, firstImageID: nextImageID)
            }
        } catch let StoreError.productIDTaken(index, _, _) where seeds.indices.contains(index) {
            let id = seeds[index].id ?? 0
            let taken = seeds[..<index].contains { $0.id == id } ? "by an earlier product of this insert" : "in the store"
            throw InsertionError(
                index: index, name: seeds[index].name,
                reason: "id \(id) is taken \(taken); give another id, or none for the next free one", isIDTaken: true)
        }
    }

    /// The identifier of the product's vendor, checked to be configured; nil on v1.
    private func vendor(
        of product: InsertedProduct, in store: MarketStore, ids: inout [String: Int64],
        failure: (String) -> InsertionError
    ) throws -> String? {
        guard usesVendors else {
            guard product.vendor == nil else { throw failure("v1 has no vendors; leave vendor nil") }
            return nil
        }
        guard let identifier = product.vendor ?? defaultVendor else {
            throw failure("no vendor is configured; configure one, or name a vendor of the seed")
        }
        if ids[identifier] == nil {
            guard let stored = try store.vendor(identifier: identifier) else {
                let configured = try store.allVendors().map(\.identifier).filter { try store.vendor(identifier: $0) != nil }
                throw failure(
                    "vendor \"\(identifier)\" is not configured; give the identifier of one that is: "
                        + configured.joined(separator: ", "))
            }
            ids[identifier] = stored.id
        }
        return identifier
    }

    /// The product as seed data, without its vendor: checked to be one the store can hold and, unless allowed, one
    /// the generation's API could have made.
    private func seed(
        _ product: InsertedProduct, allowingWhatTheAPIRefuses: Bool, failure: (String) -> InsertionError
    ) throws(InsertionError) -> SeedProduct {
        if let id = product.id, id < 1 { throw failure("id must be 1 or more, or nil for the next free one; got \(id)") }
        guard product.fields.price.isFinite, product.fields.discountedPrice?.isFinite ?? true else {
            throw failure("price and discountedPrice must be finite numbers")
        }
        guard !product.images.isEmpty else { throw failure("a product needs at least one image") }
        let images = try product.images.enumerated().map { position, bytes throws(InsertionError) in
            guard let mediaType = ImageSniffer.mediaType(of: bytes) else {
                throw failure("image \(position) (\(bytes.count) bytes) is not a JPEG, PNG, GIF or WebP picture by its bytes")
            }
            return SeedImage(bytes: bytes, mediaType: mediaType, fileExtension: Self.fileExtension(of: mediaType))
        }
        var fields = product.fields
        if !generation.discountIsAmountOff, fields.discountedPrice == 0 {
            fields.discountedPrice = nil  // v1 shows a sale price only when there is one
        }
        var password: String?
        if !usesVendors {
            guard let secret = product.secret, !secret.isEmpty else {
                throw failure("a v1 item needs its password to be changed or deleted; give it as secret (a SeedProduct's password)")
            }
            password = secret
        }
        if !allowingWhatTheAPIRefuses, let refusal = apiRefusal(fields, images.map(\.bytes.count)) {
            // Options.products has no such switch: in process the way round is an insert once the emulator is made.
            throw failure(
                "\(refusal) (the API refuses that; an insert allowing what the API refuses takes it anyway: "
                    + "\"allowingWhatTheAPIRefuses\": true in POST /__admin/products, "
                    + "insert(_:allowingWhatTheAPIRefuses: true) in process)")
        }
        return SeedProduct(
            id: product.id, vendor: nil, fields: fields, registeredAt: product.registeredAt, images: images,
            secret: usesVendors ? product.secret : nil, password: password)
    }

    /// The extension an upload of this type would have had, for the image's URL.
    private static func fileExtension(of mediaType: String) -> String? {
        switch mediaType {
        case "image/jpeg": "jpg"
        case "image/png": "png"
        case "image/gif": "gif"
        case "image/webp": "webp"
        default: nil
        }
    }
}
