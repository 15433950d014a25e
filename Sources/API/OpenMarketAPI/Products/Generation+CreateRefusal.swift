package import OpenMarketStore

extension Generation {
    /// Why this generation's create (`POST /api/products`, `POST /item`) would refuse a product with these fields
    /// and pictures of these sizes, in the words its answer would use; nil when it would take it. For products added
    /// without the API (`POST /__admin/products`, `OpenMarketEmulator.insert`), which take only what a create could
    /// have made. What the real server accepted stays accepted: a negative price, a discount above the price
    /// (`--strict` refuses that), a negative stock.
    package func createRefusal(of fields: ProductFields, imageSizes: [Int], strict: Bool) -> String? {
        do throws(APIError) {
            let rules: ProductRules
            switch dialect {
            case .spring:
                rules = SpringAPI.rules(strict: strict)
            case .vapor:
                // v1's form reads its amounts as whole numbers before any rule sees them.
                try VaporItemForm.checkAmount(fields.price, "price")
                if let discountedPrice = fields.discountedPrice {
                    try VaporItemForm.checkAmount(discountedPrice, "discounted_price")
                }
                rules = VaporAPI.rules(strict: strict)
            }
            try rules.validate(fields)
            try rules.validate(imageSizes: imageSizes)
            return nil
        } catch {
            return error.message(in: errors)
        }
    }
}
