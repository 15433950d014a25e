import OpenMarketHTTPCore
import OpenMarketStore
import OpenMarketWireFormat

/// The v2 credentials: the `identifier` header names the vendor, the `secret` in the body proves it (docs/wire-format.md §6.2).
struct VendorAuthentication: Sendable {
    let store: MarketStore

    func vendor(of request: Request) throws -> Vendor {
        guard let identifier = request.headers["identifier"], !identifier.isEmpty else {
            throw APIError.missingIdentifier
        }
        guard let vendor = try store.vendor(identifier: identifier) else {
            throw APIError.unknownIdentifier(identifier)
        }
        return vendor
    }

    func checkSecret(_ secret: String?, of vendor: Vendor) throws(APIError) {
        guard let secret else {
            throw .missingSecret
        }
        guard secret == vendor.secret else {
            throw .wrongSecret(vendor: vendor.name)
        }
    }

    func checkOwnership(of product: Product, by vendor: Vendor) throws(APIError) {
        guard product.vendorID == vendor.id else {
            throw .notOwner(productID: product.id, vendor: vendor.name)
        }
    }
}
