import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport

/// What the admin tests do the same way on every generation: create a product, and the list and detail targets.
extension LiveServer {
    static func withAdmin(_ generation: Generation, _ settings: AdminSettings = AdminSettings()) throws -> LiveServer {
        try LiveServer(generation, admin: settings)
    }

    /// A product with one PNG image, through the generation's own create endpoint.
    func createAny() throws -> Int {
        generation.usesVendors ? try createdProductID() : try createdItemID()
    }

    var listTarget: String {
        generation.usesVendors ? "/api/products?page_no=1&items_per_page=20" : "/items/1"
    }

    func detailTarget(_ id: Int) -> String {
        generation.usesVendors ? "/api/products/\(id)" : "/item/\(id)"
    }

    func admin(_ method: String, _ target: String, body: [UInt8] = [], headers: [(String, String)] = []) throws
        -> RawResponse
    {
        try request(method, target, headers: headers, body: body)
    }
}
