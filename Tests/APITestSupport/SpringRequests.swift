package import OpenMarketHTTPTestSupport
package import OpenMarketStore

/// The v2 (Spring) requests the end-to-end tests send, built the way real apps built them.
extension LiveServer {
    package static func params(
        name: String = "사진 모음집", description: String = "AI로 그린 사진 모음입니다", price: String = "1000",
        currency: String = "KRW", secret: String = LiveServer.vendorA.secret, extra: String = ""
    ) -> String {
        #"{"name":"\#(name)","description":"\#(description)","price":\#(price),"currency":"\#(currency)","secret":"\#(secret)"\#(extra)}"#
    }

    package func createSpringProduct(
        vendor: VendorConfiguration = LiveServer.vendorA,
        params: String = LiveServer.params(),
        images: [(filename: String, bytes: [UInt8])] = [("photo.png", SampleImages.png)]
    ) throws -> RawResponse {
        var builder = MultipartBuilder()
        builder.addField("params", params, contentType: "application/json")
        for image in images {
            builder.addFile("images", filename: image.filename, data: image.bytes)
        }
        return try request(
            "POST", "/api/products",
            headers: [("identifier", vendor.identifier), ("Content-Type", builder.contentType)],
            body: builder.finished())
    }

    /// Creates a product and returns its id, failing the test's expectations loudly when the create did not work.
    package func createdProductID(
        vendor: VendorConfiguration = LiveServer.vendorA, params: String = LiveServer.params(),
        images: [(filename: String, bytes: [UInt8])] = [("photo.png", SampleImages.png)]
    ) throws -> Int {
        let response = try createSpringProduct(vendor: vendor, params: params, images: images)
        guard response.status == 201, let id = response.json["id"] as? Int else {
            throw RawHTTPError("create failed: \(response.status) \(response.text)")
        }
        return id
    }

    package func patchSpringProduct(
        _ id: Int, vendor: VendorConfiguration = LiveServer.vendorA, json: String,
        contentType: String? = "application/json"
    ) throws -> RawResponse {
        var headers = [("identifier", vendor.identifier)]
        if let contentType { headers.append(("Content-Type", contentType)) }
        return try request("PATCH", "/api/products/\(id)", headers: headers, body: Array(json.utf8))
    }
}
