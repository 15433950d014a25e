import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketClient
import OpenMarketEmulator
import OpenMarketHTTPTestSupport
import Testing

/// What the URLProtocol transport answers, and how: hosts, bodies, upload tasks, the admin plane, image URLs.
@Suite struct TransportTests {
    /// Asked of the protocol class itself, so that no request to a host it declines ever leaves the machine.
    private func answers(_ emulator: OpenMarketEmulator, _ url: String) throws -> Bool {
        let protocolClass = try #require(emulator.sessionConfiguration().protocolClasses?.first as? URLProtocol.Type)
        return protocolClass.canInit(with: URLRequest(url: URL(string: url)!))
    }

    @Test("each generation answers its real host over http and https, and nothing else unless told", arguments: OpenMarketEmulator.Generation.allCases)
    func hosts(generation: OpenMarketEmulator.Generation) throws {
        let emulator = try OpenMarketEmulator(.init(generation: generation, hosts: ["127.0.0.1:8080", "LocalHost"]))
        let host = generation.host
        #expect(try answers(emulator, "https://\(host)/api/products"))
        #expect(try answers(emulator, "http://\(host)/healthChecker"))
        #expect(try answers(emulator, "https://\(host.uppercased()):443/x"))
        #expect(try !answers(emulator, "https://\(host):8443/api/products"))
        #expect(try answers(emulator, "http://127.0.0.1:8080/api/products"))
        #expect(try !answers(emulator, "http://127.0.0.1:8081/api/products"))
        #expect(try answers(emulator, "http://localhost/api/products"))
        #expect(try !answers(emulator, "http://localhost:8080/api/products"))
        #expect(try !answers(emulator, "https://example.com/api/products"))
        #expect(try !answers(emulator, "ftp://\(host)/api/products"))
        for other in OpenMarketEmulator.Generation.allCases where other != generation {
            #expect(try !answers(emulator, "https://\(other.host)/api/products"))
        }
    }

    @Test("the health check answers on the real host, over https and http")
    func healthCheck() async throws {
        let market = try EmulatorSession()
        for scheme in ["https", "http"] {
            let (body, response) = try await market.send(URLRequest(url: market.url("/healthChecker", scheme: scheme)))
            #expect(response.statusCode == 200)
            #expect(String(decoding: body, as: UTF8.self) == "\"OK\"")
        }
    }

    @Test("image URLs use the scheme and host the request used, and load through the same session")
    func imageURLs() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, hosts: ["127.0.0.1:8080"]))
        let created = try await market.emulator.client.createProduct(.sample(name: "사진"))
        for host in [OpenMarketEmulator.Generation.v2b.host, "127.0.0.1:8080"] {
            let (body, _) = try await market.send(URLRequest(url: market.url("/api/products/\(created.id)", host: host)))
            let images = try #require(body.json["images"] as? [[String: Any]])
            let imageText = try #require(images.first?["url"] as? String)
            let imageURL = try #require(URL(string: imageText))
            #expect(imageURL.absoluteString.hasPrefix("https://\(host)/"))
            let (image, response) = try await market.send(URLRequest(url: imageURL))
            #expect(response.statusCode == 200)
            #expect(Array(image) == SampleImages.png)
        }
    }

    @Test("a body given as httpBodyStream arrives whole")
    func bodyStream() async throws {
        let market = try EmulatorSession()
        var request = URLRequest(url: market.url("/api/products"))
        request.httpMethod = "POST"
        var form = MultipartBuilder()
        form.addField(
            "params", #"{"name":"stream","description":"d","price":100,"currency":"KRW","secret":"demo-vendor-secret"}"#,
            contentType: "application/json")
        form.addFile("images", filename: "photo.png", data: SampleImages.png)
        request.setValue(form.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("demo-vendor-identifier", forHTTPHeaderField: "identifier")
        request.httpBodyStream = InputStream(data: Data(form.finished()))
        let (body, response) = try await market.send(request)
        #expect(response.statusCode == 201, "\(String(decoding: body, as: UTF8.self))")
        #expect(body.json["name"] as? String == "stream")
    }

    @Test("an upload task gets a 400 that says its body never arrives and what to use instead")
    func uploadTask() async throws {
        let market = try EmulatorSession()
        var request = URLRequest(url: market.url("/api/products"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (body, response) = try await market.session.upload(for: request, from: Data("{}".utf8))
        #expect((response as? HTTPURLResponse)?.statusCode == 400)
        let message = try #require(body.json["message"] as? String)
        #expect(message.contains("upload task"))
        #expect(message.contains("httpBody"))
        let health = try await market.emulator.client.admin.health()
        #expect(health.database.products == 0)
        let refused = try await market.emulator.client.admin.sentRequests()
        #expect(refused.map(\.method) == ["POST"], "journaled, as the socket server journals its refusals")
        #expect(refused.first?.refusal?.contains("upload task") == true)
    }

    @Test("the admin API and page answer under /__admin on the same host, the caller counting as this machine")
    func adminPlane() async throws {
        let market = try EmulatorSession()
        let (health, healthResponse) = try await market.get("/__admin/health")
        #expect(healthResponse.statusCode == 200)
        #expect(health.json["generation"] as? String == "v2b")
        let (_, pageResponse) = try await market.get("/__admin")
        #expect(pageResponse.statusCode == 200)
        #expect(pageResponse.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("text/html") == true)
        #expect(try await market.emulator.client.admin.health().generation == "v2b")
    }

    @Test("a HEAD request gets the headers and Content-Length of the GET, without the body")
    func head() async throws {
        let market = try EmulatorSession(.init(generation: .v2b, seed: .demo))
        var request = URLRequest(url: market.url("/api/products?page_no=1&items_per_page=3"))
        let (get, getResponse) = try await market.send(request)
        request.httpMethod = "HEAD"
        let (head, headResponse) = try await market.send(request)
        #expect(headResponse.statusCode == 200)
        #expect(head.isEmpty)
        #expect(headResponse.value(forHTTPHeaderField: "Content-Length") == String(get.count))
        #expect(getResponse.value(forHTTPHeaderField: "Content-Length") == String(get.count))
    }
}
