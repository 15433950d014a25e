import Foundation
@testable import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPCore
import OpenMarketLocking
import OpenMarketStore
import Testing

@Suite("v2b: a product deleted between a handler's read and its write")
struct V2bDeleteRaceTests {
    /// The race, made deterministic: the archive's read and write run as in `V2bDeletion.archive`, with the other
    /// client's DELETE committed between them, through the v2b error body and routes like the generation's.
    @Test("POST /archived that loses the race to a DELETE answers 404 in the v2b error body, not 500")
    func archiveAfterConcurrentDelete() throws {
        let server = try LiveServer(.v2b)
        let id = try server.createdProductID()
        guard case .spring(let dialect) = Generation.v2b.dialect else {
            Issue.record("v2b is a Spring generation")
            return
        }
        let context = APIContext(
            store: server.store, clock: MarketClock(fixedAt: LiveServer.fixedNow), strict: false, publicURL: nil)
        let api = SpringAPI(
            context: context, dialect: dialect, imageKeys: Generation.v2b.imageKeys,
            multipartEnding: Generation.v2b.multipartEnding)
        let unexpected = Locked<[String]>([])
        let router = Router(renderError: ErrorFamily.spring.render) { _, error in
            unexpected.withLock { $0.append("\(error)") }
        }
        var routes = APIRoutes(router: router, errors: .spring)
        routes.on(.post, "/api/products/{id}/archived") { _, parameters in
            let product = try api.existingProduct(parameters["id"])
            #expect(try context.store.deleteProduct(id: product.id) != nil)
            return try V2bDeletion(api: api).issueDeleteURI(for: product)
        }

        let response = routes.router.respond(to: Request(method: .post, path: "/api/products/\(id)/archived"))

        #expect(response.status == .notFound)
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        #expect(body?["code"] as? Int == 404)
        #expect(body?["message"] as? String == "no product has the id \(id)")
        #expect(unexpected.withLock { $0 }.isEmpty)
    }
}
