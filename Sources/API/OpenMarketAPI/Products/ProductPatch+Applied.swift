import OpenMarketStore

extension ProductPatch {
    /// The product as it will be after the patch, for the rules to check before anything is written.
    func applied(to product: Product) -> ProductFields {
        ProductFields(
            name: name ?? product.name,
            description: description ?? product.description,
            price: price ?? product.price,
            currency: currency ?? product.currency,
            discountedPrice: discountedPrice ?? product.discountedPrice,
            stock: stock ?? product.stock)
    }
}
