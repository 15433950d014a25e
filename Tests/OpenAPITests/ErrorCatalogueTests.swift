import Foundation
@testable import OpenMarketAPI
import OpenMarketHTTPCore
import OpenMarketMultipart
import Testing

@Suite("The catalogue of API errors")
struct ErrorCatalogueTests {
    @Test func everyCaseHasASample() {
        #expect(Set(APIErrorSamples.all.map(APIErrorSamples.caseNumber)) == Set(0..<APIErrorSamples.caseCount))
    }

    /// The kind an answer carries names its case alone, and a refused multipart body by the parser's kind, which no
    /// other case is named like: class mode tells refusals apart by it.
    @Test func everyCaseHasAKindOfItsOwnThatTheRenderedAnswerCarries() {
        let kinds = APIErrorSamples.all.map(\.kindName)
        #expect(Set(kinds).count == APIErrorSamples.caseCount)
        let multipartKinds = Set(MultipartError.Kind.allCases.map(\.rawValue))
        for error in APIErrorSamples.all {
            guard case .unreadableMultipart(let kind, _) = error else {
                #expect(!multipartKinds.contains(error.kindName), "\(error)")
                continue
            }
            #expect(error.kindName == kind.rawValue)
        }
        var router = Router(renderError: ErrorFamily.spring.render)
        router.on(.post, "/api/products") { _, _ in throw APIError.missingIdentifier.httpError(in: .spring) }
        let answer = router.respond(to: Request(method: .post, path: "/api/products", query: ""))
        #expect(answer.status.code == 400 && answer.errorKind == "missingIdentifier")
    }

    @Test("every case renders in every family's body, with its status and its message alone",
          arguments: ErrorFamily.allCases)
    func everyCaseRendersInEveryFamily(_ family: ErrorFamily) throws {
        for error in APIErrorSamples.all {
            let message = error.message(in: family)
            #expect(!message.isEmpty)
            let response = family.render(error.httpError(in: family))
            #expect(response.status == error.status)
            let body = try #require(
                try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(error)")
            let text = String(decoding: response.body, as: UTF8.self)
            switch family {
            case .spring:
                #expect(text.hasPrefix("{\"code\":\(error.status.code),\"message\":"), "\(text)")
                #expect(body.count == 2 && body["message"] as? String == message)
                #expect(response.headers["Content-Type"] == "application/json")
            case .vapor:
                #expect(text.hasPrefix("{\"error\":true,\"reason\":"), "\(text)")
                #expect(body.count == 2 && body["reason"] as? String == message)
                #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            case .v1b:
                #expect(text.hasPrefix("{\"message\":"), "\(text)")
                #expect(body.count == 1 && body["message"] as? String == message)
                #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
            }
        }
    }

    @Test("statuses follow docs/wire-format.md §6.2 and §6.3: credentials 400/401/403, unknown ids 404, bad input 400")
    func statuses() {
        let expected: [(APIError, Int)] = [
            (.missingIdentifier, 400), (.missingSecret, 400), (.unknownIdentifier("x"), 401),
            (.wrongSecret(vendor: "x"), 401), (.notOwner(productID: 1, vendor: "x"), 403),
            (.productNotFound(id: 1), 404), (.wrongPassword(productID: 1), 404), (.missingPassword, 400),
            (.unknownDeleteToken("x"), 404), (.wrongProductSecret(given: "x", productID: 1), 400),
            (.noImageStored(key: "x"), 404), (.productSecretMissing(productID: 1), 500), (.noImage, 400),
        ]
        for (error, status) in expected {
            #expect(error.status.code == status, "\(error)")
        }
        let serverFaults = APIErrorSamples.all.filter { $0.status.code >= 500 }
        #expect(serverFaults == [.productSecretMissing(productID: 7)])
        #expect(APIErrorSamples.all.allSatisfy { (400...500).contains($0.status.code) })
    }

    @Test("v1 says item where v2 says product, and v1b's wrong password reads as the real server's")
    func words() {
        #expect(APIError.productNotFound(id: 5).message(in: .spring) == "no product has the id 5")
        #expect(APIError.productNotFound(id: 5).message(in: .vapor) == "no item has the id 5")
        #expect(APIError.productNotFound(id: 5).message(in: .v1b) == "no item has the id 5")
        #expect(APIError.wrongPassword(productID: 5).message(in: .v1b) == "Cannot find data for ID and password")
        #expect(APIError.wrongPassword(productID: 5).message(in: .vapor)
            == "the password is not the one item 5 was registered with (v1 answers 404 for that)")
        #expect(APIError.invalidProductID(got: "0").message(in: .spring)
            == "a product id must be a whole number from 1 to 9223372036854775807; got \"0\"")
        #expect(APIError.invalidProductID(got: "0").message(in: .v1b)
            == "an item id must be a whole number from 1 to 9223372036854775807; got \"0\"")
        #expect(APIError.strictImageCount(allowed: 1...5, got: 6).message(in: .spring)
            == "--strict: a product takes 1 to 5 images; got 6")
        #expect(APIError.strictImageCount(allowed: 1...5, got: 6).message(in: .v1b)
            == "--strict: an item takes 1 to 5 images; got 6")
        #expect(APIError.strictTextLength(.description, allowed: 10...1000, got: 2).message(in: .vapor)
            == "--strict: \"descriptions\" must have 10 to 1000 characters; got 2")
        for family in [ErrorFamily.vapor, .v1b] {
            for error in APIErrorSamples.all {
                #expect(!error.message(in: family).contains("no product"), "\(error)")
            }
        }
    }

    @Test("each generation renders its errors in its family's body", arguments: Generation.all)
    func generations(_ generation: Generation) {
        let expected: ErrorFamily = switch generation.name {
        case "v1a": .vapor
        case "v1b": .v1b
        default: .spring
        }
        #expect(generation.errors == expected)
    }
}
