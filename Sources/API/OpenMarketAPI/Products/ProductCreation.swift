import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// How every generation creates a product: the fields checked first, then the images (read only then, so a bad field
/// is reported before a bad image), then one store transaction with the generation's image keys, registered at the context's clock.
struct ProductCreation {
    let context: APIContext
    let rules: ProductRules
    let layout: any ImageKeyLayout

    func create(
        _ fields: ProductFields, images: () throws -> [ImageUpload], vendorID: Int64?, password: String?,
        productSecret: String?
    ) throws -> Product {
        try rules.validate(fields)
        let uploads = try images()
        try rules.validate(uploads)
        let registeredAt = context.clock.now()
        return try context.store.createProduct(
            NewProduct(
                vendorID: vendorID, fields: fields, registeredAt: registeredAt, password: password,
                productSecret: productSecret),
            images: layout.newImages(uploads, vendorID: vendorID, registeredAt: registeredAt))
    }
}
