import HTTPCore
import WireFormat
import MarketStore

/// The v2 credentials: the `identifier` header names the vendor, the `secret` in the body proves it (docs/wire-format.md §6.2).
struct VendorAuthentication: Sendable {
    let store: MarketStore

    func vendor(of request: Request) throws -> Vendor {
        guard let identifier = request.headers["identifier"], !identifier.isEmpty else {
            throw HTTPError(
                status: .badRequest,
                message: "the \"identifier\" header is missing; send your vendor identifier in a header named identifier")
        }
        guard let vendor = try store.vendor(identifier: identifier) else {
            throw HTTPError(
                status: .unauthorized,
                message: "no vendor has the identifier \(MessageQuoting.quoted(identifier)); use one printed at startup or given with --vendor")
        }
        return vendor
    }

    func checkSecret(_ secret: String?, of vendor: Vendor) throws(HTTPError) {
        guard let secret else {
            throw HTTPError(status: .badRequest, message: "\"secret\" is missing; send your vendor secret in the JSON as \"secret\"")
        }
        guard secret == vendor.secret else {
            throw HTTPError(status: .unauthorized, message: "the secret is not the one of vendor \"\(vendor.name)\"")
        }
    }

    func checkOwnership(of product: Product, by vendor: Vendor) throws(HTTPError) {
        guard product.vendorID == vendor.id else {
            throw HTTPError(
                status: .forbidden,
                message: "product \(product.id) belongs to another vendor; vendor \"\(vendor.name)\" can only change its own products")
        }
    }
}
