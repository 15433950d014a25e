package import OpenMarketHTTPTestSupport

/// The v1 (Vapor) requests the end-to-end tests send, built the way the 2021 apps built them: multipart text
/// fields plus `images[]` files for POST and PATCH, a JSON body for DELETE.
extension LiveServer {
    package static let itemPassword = "camp1234"

    package typealias ImageFile = (name: String, filename: String, bytes: [UInt8])

    package static func itemFields(
        title: String = "MacBook Pro", descriptions: String = "맥북 프로 M1, 거의 새것", price: String = "1690",
        currency: String = "USD", stock: String = "3", discountedPrice: String? = nil,
        password: String = LiveServer.itemPassword
    ) -> [(String, String)] {
        var fields = [
            ("title", title), ("descriptions", descriptions), ("price", price), ("currency", currency), ("stock", stock),
            ("password", password),
        ]
        if let discountedPrice { fields.append(("discounted_price", discountedPrice)) }
        return fields
    }

    package static func imageFiles(_ images: [[UInt8]] = [SampleImages.png]) -> [ImageFile] {
        images.enumerated().map { ("images[]", "image\($0.offset).jpeg", $0.element) }
    }

    package func createItem(
        fields: [(String, String)] = LiveServer.itemFields(), images: [ImageFile] = LiveServer.imageFiles(),
        path: String = "/item"
    ) throws -> RawResponse {
        try multipartRequest("POST", path, fields: fields, images: images)
    }

    /// Creates an item and returns its id, failing loudly when the create did not work.
    package func createdItemID(
        fields: [(String, String)] = LiveServer.itemFields(), images: [ImageFile] = LiveServer.imageFiles()
    ) throws -> Int {
        let response = try createItem(fields: fields, images: images)
        guard response.status == 200, let id = response.json["id"] as? Int else {
            throw RawHTTPError("create failed: \(response.status) \(response.text)")
        }
        return id
    }

    package func patchItem(_ id: Int, fields: [(String, String)], images: [ImageFile] = []) throws -> RawResponse {
        try multipartRequest("PATCH", "/item/\(id)", fields: fields, images: images)
    }

    package func deleteItem(_ id: Int, json: String, contentType: String? = "application/json") throws -> RawResponse {
        try request("DELETE", "/item/\(id)", headers: contentType.map { [("Content-Type", $0)] } ?? [], body: Array(json.utf8))
    }

    private func multipartRequest(
        _ method: String, _ path: String, fields: [(String, String)], images: [ImageFile]
    ) throws -> RawResponse {
        var builder = MultipartBuilder()
        for (name, value) in fields {
            builder.addField(name, value)
        }
        for image in images {
            builder.addFile(image.name, filename: image.filename, contentType: "image/jpeg", data: image.bytes)
        }
        return try request(method, path, headers: [("Content-Type", builder.contentType)], body: builder.finished())
    }
}
