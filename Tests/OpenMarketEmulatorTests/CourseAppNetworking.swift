import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A course app's networking layer as students write it, the code under test in `VerificationTests`: it posts a
/// product as `multipart/form-data` with a `params` JSON part and one `images` part per picture, signed with the
/// vendor's identifier header.
struct CourseAppNetworking {
    let session: URLSession
    let baseURL: URL
    let identifier: String
    /// The students' classic mistake: a boundary made anew each time it is read, so the body's delimiters differ
    /// from the one the Content-Type names.
    var boundaryIsComputedTwice = false

    struct ProductDraft: Codable {
        let name: String
        let description: String
        let price: Int
        let currency: String
        let stock: Int
        let secret: String
    }

    @discardableResult
    func register(_ product: ProductDraft, images: [Data]) async throws -> (Data, HTTPURLResponse) {
        let (data, response) = try await session.data(for: try registration(product, images: images))
        return (data, response as! HTTPURLResponse)
    }

    /// The request `register` sends.
    func registration(_ product: ProductDraft, images: [Data]) throws -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/products"))
        request.httpMethod = "POST"
        request.setValue(identifier, forHTTPHeaderField: "identifier")
        request.setValue("multipart/form-data; boundary=\(boundary)", forHTTPHeaderField: "Content-Type")
        request.httpBody = try body(product, images: images)
        return request
    }

    private let fixedBoundary = "Boundary-\(UUID().uuidString)"

    private var boundary: String {
        boundaryIsComputedTwice ? "Boundary-\(UUID().uuidString)" : fixedBoundary
    }

    private func body(_ product: ProductDraft, images: [Data]) throws -> Data {
        let boundary = boundary
        var body = Data()
        body.append(Data("--\(boundary)\r\n".utf8))
        body.append(Data("Content-Disposition: form-data; name=\"params\"\r\n".utf8))
        body.append(Data("Content-Type: application/json\r\n\r\n".utf8))
        body.append(try JSONEncoder().encode(product))
        body.append(Data("\r\n".utf8))
        for (index, image) in images.enumerated() {
            body.append(Data("--\(boundary)\r\n".utf8))
            body.append(Data("Content-Disposition: form-data; name=\"images\"; filename=\"photo\(index + 1).jpg\"\r\n".utf8))
            body.append(Data("Content-Type: image/jpeg\r\n\r\n".utf8))
            body.append(image)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }
}
