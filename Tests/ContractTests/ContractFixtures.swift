import Foundation
import OpenMarketClient
import OpenMarketHTTPTestSupport
import Testing

/// Real image files as an app would upload them.
enum Uploads {
    static let png = ImageUpload(data: Data(SampleImages.png), filename: "photo.png", mediaType: "image/png")
    /// Large enough that the server receives it in several reads.
    static let jpeg = ImageUpload(data: Data(SampleImages.jpeg(size: 150_000)), filename: "cat.jpg", mediaType: "image/jpeg")
    /// Named like a UUID without an extension, as some apps named their files.
    static let gif = ImageUpload(data: Data(SampleImages.gif), filename: "F5D8F3B2-UUID", mediaType: "image/gif")
    static let all = [jpeg, png, gif]
}

extension NewProduct {
    /// A valid product with one PNG; tests change what their rule is about.
    static func sample(
        name: String = "사진 모음집", price: Double = 1000, discountedPrice: Double = 0, stock: Int = 0,
        images: [ImageUpload] = [Uploads.png]
    ) -> NewProduct {
        NewProduct(
            name: name, description: "AI로 그린 사진 모음입니다", price: price, currency: .krw,
            discountedPrice: discountedPrice, stock: stock, images: images)
    }
}

extension OpenMarketClient {
    /// Creates `count` products named `product 0`, `product 1`, … and returns their ids in creation order.
    func createProducts(_ count: Int) async throws -> [Int] {
        var ids: [Int] = []
        for index in 0..<count {
            ids.append(try await createProduct(.sample(name: "product \(index)")).id)
        }
        return ids
    }
}

/// Runs a client call the server must refuse, and checks that the client reports the refusal as
/// ``OpenMarketError/httpStatus(_:)`` carrying the status and the server's `message`.
func expectRefusal<Value>(
    status: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ call: () async throws(OpenMarketError) -> Value
) async {
    do {
        let value = try await call()
        Issue.record("expected \(status) \"\(message)\", the call returned \(value)", sourceLocation: sourceLocation)
    } catch .httpStatus(let failure) {
        expectFailure(failure, status: status, message: message, sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected an HTTP status error, got \(error)", sourceLocation: sourceLocation)
    }
}

/// Checks a refusal read with the client's ``HTTPStatusFailure``.
func expectFailure(
    _ failure: HTTPStatusFailure, status: Int, message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(failure.statusCode == status, sourceLocation: sourceLocation)
    #expect(failure.message == message, sourceLocation: sourceLocation)
}
