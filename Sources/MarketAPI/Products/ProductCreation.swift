import HTTPServer
import MarketStore
import Multipart

/// How every generation creates a product from a multipart upload: the fields checked first, then the image parts,
/// then one store transaction with the generation's image keys, registered at the context's clock.
struct ProductCreation {
    let context: APIContext
    let rules: ProductRules
    let layout: any ImageKeyLayout

    func create(
        _ fields: ProductFields, imagesFrom parts: [MultipartPart], vendorID: Int64?, password: String?,
        productSecret: String?
    ) throws -> Product {
        try rules.validate(fields)
        let uploads = try MultipartBody.imageUploads(of: parts)
        try rules.validate(uploads)
        let registeredAt = context.clock.now()
        return try context.store.createProduct(
            NewProduct(
                vendorID: vendorID, fields: fields, registeredAt: registeredAt, password: password,
                productSecret: productSecret),
            images: layout.newImages(uploads, vendorID: vendorID, registeredAt: registeredAt))
    }
}
