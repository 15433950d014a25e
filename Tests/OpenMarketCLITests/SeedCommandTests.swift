import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket --seed and export, as a process")
struct SeedCommandTests {
    /// Removed with its databases and exports when the test ends.
    private let directory: TemporaryDirectory
    private static let fixedNow = ["OPENMARKET_NOW": "2024-05-01T12:00:00Z"]

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test("--seed demo fills each generation with at least 50 products whose pictures are served as PNG", arguments: ["v2b", "v2a", "v1b", "v1a"])
    func demoOnEveryGeneration(api: String) throws {
        let server = try ServerProcess(["--api", api, "--port", "0", "--database", directory.path("\(api).sqlite"), "--seed", "demo"])
        let connection = try RawHTTPConnection(port: server.port)
        let products: [[String: Any]]
        if api.hasPrefix("v2") {
            #expect(server.startupOutput.contains("seed vendor: name Brooklyn Goods, identifier brooklyn-goods, secret brooklyn-goods-secret"))
            let page = try connection.request("GET", "/api/products?page_no=1&items_per_page=100")
            products = try #require(page.json["pages"] as? [[String: Any]])
        } else {
            #expect(server.startupOutput.contains("seed vendor Brooklyn Goods: the password of its products is brooklyn-goods-secret"))
            products = try (1...3).flatMap { number in
                try #require(try connection.request("GET", "/items/\(number)").json["items"] as? [[String: Any]])
            }
        }
        #expect(products.count >= 50)
        let thumbnail = try #require((products.first?["thumbnail"] as? String) ?? (products.first?["thumbnails"] as? [String])?.first)
        let picture = try connection.request("GET", URLPath.of(thumbnail))
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "image/png")
        #expect(picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(server.stop() == 0)
    }

    @Test("a second start with --seed leaves a store that has products as it is, and says so on stderr")
    func leavesFilledStoreAlone() throws {
        let database = directory.path("kept.sqlite")
        let first = try ServerProcess(["--port", "0", "--database", database, "--seed", "demo"])
        let renamed = try RawHTTPConnection(port: first.port).request(
            "PATCH", "/api/products/2",
            headers: [("identifier", "seoul-living"), ("Content-Type", "application/json")],
            body: Array(#"{"name":"renamed by the app","secret":"seoul-living-secret"}"#.utf8))
        #expect(renamed.status == 202, "\(renamed.text)")  // v2b answers a PATCH with 202
        #expect(first.stop() == 0)

        let second = try ServerProcess(["--port", "0", "--database", database], environment: ["OPENMARKET_SEED": "demo"])
        let connection = try RawHTTPConnection(port: second.port)
        #expect(try connection.request("GET", "/api/products/2").json["name"] as? String == "renamed by the app")
        #expect(try connection.request("GET", "/api/products?items_per_page=1").json["totalCount"] as? Int == 54)
        #expect(second.stop() == 0)
        #expect(second.standardError.contains("--seed demo: the store already has products, so it is left as it is"))
    }

    @Test("POST /__admin/reset puts the demo catalogue back: the same list and detail bytes as right after start", arguments: ["v2b", "v1a"])
    func resetRestoresTheSeed(api: String) throws {
        let server = try ServerProcess(
            ["--api", api, "--port", "0", "--database", directory.path("reset-\(api).sqlite"), "--seed", "demo"],
            environment: Self.fixedNow)
        let connection = try RawHTTPConnection(port: server.port)
        let targets = api.hasPrefix("v2")
            ? ["/api/products?page_no=1&items_per_page=100", "/api/products/2"] : ["/items/1", "/items/3", "/item/2"]
        let atStart = try targets.map { try connection.request("GET", $0).body }
        let deleted = api.hasPrefix("v2")
            ? try connection.request(
                "POST", "/api/products/2/archived", headers: [("identifier", "seoul-living"), ("Content-Type", "application/json")],
                body: Array(#"{"secret":"seoul-living-secret"}"#.utf8))
            : try connection.request(
                "DELETE", "/item/2", headers: [("Content-Type", "application/json")],
                body: Array(#"{"id":2,"password":"seoul-living-secret"}"#.utf8))
        #expect(deleted.status == 200, "\(deleted.text)")
        let reset = try connection.request("POST", "/__admin/reset")
        #expect(reset.status == 200, "\(reset.text)")
        #expect(try targets.map { try connection.request("GET", $0).body } == atStart)
        #expect(server.stop() == 0)
    }

    @Test("two starts with --seed demo and a fixed clock answer the same bytes, image URLs included")
    func demoIsDeterministic() throws {
        let targets = ["/api/products?page_no=1&items_per_page=100"]
        let runs = try ["first", "second"].map { name in
            let server = try ServerProcess(
                ["--api", "v2a", "--port", "0", "--database", directory.path("\(name).sqlite"), "--seed", "demo"],
                environment: Self.fixedNow)
            defer { _ = server.stop() }
            return try answers(server, targets) { "/api/products/\($0)" }
        }
        #expect(runs[0].count > 100)
        #expect(runs[0] == runs[1])
    }

    @Test("a --vendor with a seed vendor's identifier wins: its name and secret, and the seed's products")
    func configuredVendorWins() throws {
        let server = try ServerProcess(
            ["--port", "0", "--database", ":memory:", "--seed", "demo", "--vendor", "Mine:brooklyn-goods:my-own-secret"])
        #expect(!server.startupOutput.contains("Brooklyn Goods"))
        #expect(server.startupOutput.contains("seed vendor: name 서울 리빙, identifier seoul-living, secret seoul-living-secret"))
        let connection = try RawHTTPConnection(port: server.port)
        let product = try connection.request("GET", "/api/products/3")  // a Brooklyn Goods product of the demo
        #expect(product.json["vendors"].flatMap { ($0 as? [String: Any])?["name"] as? String } == "Mine")
        let renamed = try connection.request(
            "PATCH", "/api/products/3", headers: [("identifier", "brooklyn-goods"), ("Content-Type", "application/json")],
            body: Array(#"{"stock":7,"secret":"my-own-secret"}"#.utf8))
        #expect(renamed.status == 202, "\(renamed.text)")
        #expect(server.stop() == 0)
    }

    @Test("a bad fixture stops the server before it listens: one message with the JSON path, status 2, database untouched")
    func badFixture() throws {
        let database = directory.path("untouched.sqlite")
        #expect(try ServerProcess(["--port", "0", "--database", database]).stop() == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let fixture = directory.path("bad.json")
        try Data(#"{"products": [{"vendor": "demo-vendor-identifier", "name": "a", "description": "b", "price": "abc", "currency": "KRW", "images": []}]}"#.utf8)
            .write(to: URL(fileURLWithPath: fixture))

        let run = try ServerProcess.run(["--port", "0", "--database", database, "--seed", fixture])
        #expect(run.status == 2)
        #expect(run.output == "openmarket serve: --seed \(fixture): products[0].price: expected a number, found \"abc\"\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }

    @Test("--seed generated:N serves N products on v2b and v1a; a count outside 1 to 1000000 or not a number is refused")
    func generated() throws {
        let server = try ServerProcess(["--port", "0", "--database", directory.path("generated.sqlite"), "--seed", "generated:250"])
        let page = try RawHTTPConnection(port: server.port).request("GET", "/api/products?page_no=1&items_per_page=10&search_value=mug")
        #expect(page.json["totalCount"] as? Int == 50)
        #expect(server.stop() == 0)
        let v1 = try ServerProcess(["--api", "v1a", "--port", "0", "--database", directory.path("v1.sqlite"), "--seed", "generated:45"])
        let lastPage = try RawHTTPConnection(port: v1.port).request("GET", "/items/3").json["items"] as? [[String: Any]]
        #expect(lastPage?.count == 5)
        #expect(v1.startupOutput.contains("seed vendor Brooklyn Goods: the password of its products is brooklyn-goods-secret"))
        #expect(v1.stop() == 0)

        for (count, status) in [("0", 2), ("1000001", 2), ("many", 64)] {
            let database = directory.path("refused-\(count).sqlite")
            let run = try ServerProcess.run(["--port", "0", "--database", database, "--seed", "generated:\(count)"])
            #expect(run.status == Int32(status), "\(count): \(run.output)")
            #expect(run.output.contains(count == "many" ? "generated: takes a whole number of products" : "a generated catalogue has 1 to 1000000 products"), "\(run.output)")
            #expect(!FileManager.default.fileExists(atPath: database))
        }
    }

    @Test("a missing fixture file and a missing database to export are refused with a message, creating nothing")
    func missingFiles() throws {
        let fixture = directory.path("nowhere.json")
        let seeded = try ServerProcess.run(["--port", "0", "--database", directory.path("new.sqlite"), "--seed", fixture])
        #expect(seeded.status == 2)
        #expect(seeded.output == "openmarket serve: --seed \(fixture): cannot read the file; give the path of a fixture (JSON) file\n")
        #expect(!FileManager.default.fileExists(atPath: directory.path("new.sqlite")))

        let exported = try ServerProcess.run(["export", "--database", directory.path("missing.sqlite"), directory.path("out")])
        #expect(exported.status != 0)
        #expect(exported.output.contains("there is no database at \(directory.path("missing.sqlite")); give the path of an existing store"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing.sqlite")))
        #expect(!FileManager.default.fileExists(atPath: directory.path("out")))
    }

    @Test("export, then --seed from the export, answers the same list and detail bytes on v2b", .timeLimit(.minutes(2)))
    func roundTripV2b() throws {
        try roundTrip(api: "v2b", listTargets: ["/api/products?page_no=1&items_per_page=100"], detailTarget: { "/api/products/\($0)" }) { server in
            // A product created through the API has time-based, random image keys: the export must keep them.
            var builder = MultipartBuilder()
            builder.addField("params", #"{"name":"uploaded","price":10,"currency":"USD","secret":"demo-vendor-secret"}"#)
            builder.addFile("images", filename: "a.png", data: SampleImages.png)
            let created = try RawHTTPConnection(port: server.port).request(
                "POST", "/api/products", headers: [("identifier", "demo-vendor-identifier"), ("Content-Type", builder.contentType)],
                body: builder.finished())
            #expect(created.status == 201)
        }
    }

    @Test("export, then --seed from the export, answers the same list and detail bytes on v1b", .timeLimit(.minutes(2)))
    func roundTripV1b() throws {
        try roundTrip(api: "v1b", listTargets: ["/items/1", "/items/2", "/items/3"], detailTarget: { "/item/\($0)" }) { _ in }
    }

    /// Seeds the demo into one store, changes it with `change`, exports it, seeds a second store from the export,
    /// and compares what both answer, with the clock fixed.
    private func roundTrip(
        api: String, listTargets: [String], detailTarget: (Int) -> String, change: (ServerProcess) throws -> Void
    ) throws {
        let original = try ServerProcess(
            ["--api", api, "--port", "0", "--database", directory.path("original.sqlite"), "--seed", "demo"], environment: Self.fixedNow)
        try change(original)
        let expected = try answers(original, listTargets, detailTarget)
        #expect(original.stop() == 0)

        let export = directory.path("export")
        let exported = try ServerProcess.run(["export", "--database", directory.path("original.sqlite"), export])
        #expect(exported.status == 0, "\(exported.output)")

        let copy = try ServerProcess(
            ["--api", api, "--port", "0", "--database", directory.path("copy.sqlite"), "--seed", "\(export)/fixture.json"],
            environment: Self.fixedNow)
        let actual = try answers(copy, listTargets, detailTarget)
        #expect(copy.stop() == 0)
        #expect(expected.count > 100)  // every list page, and each product's detail and picture
        #expect(actual.count == expected.count)
        for (target, body) in expected where actual[target] != body {
            let copied = String(decoding: actual[target] ?? [], as: UTF8.self)
            Issue.record("\(target) differs: \(String(decoding: body, as: UTF8.self).prefix(400)) became \(copied.prefix(400))")
        }
    }

    /// The list pages, every product's detail and its first picture, by request target.
    private func answers(_ server: ServerProcess, _ listTargets: [String], _ detailTarget: (Int) -> String) throws -> [String: [UInt8]] {
        let connection = try RawHTTPConnection(port: server.port)
        var answers: [String: [UInt8]] = [:]
        for target in listTargets {
            let page = try connection.request("GET", target)
            answers[target] = page.body
            let products = (page.json["pages"] ?? page.json["items"]) as? [[String: Any]] ?? []
            for product in products {
                let id = try #require(product["id"] as? Int)
                answers[detailTarget(id)] = try connection.request("GET", detailTarget(id)).body
                let thumbnail = (product["thumbnail"] as? String) ?? (product["thumbnails"] as? [String])?.first ?? ""
                answers[URLPath.of(thumbnail)] = try connection.request("GET", URLPath.of(thumbnail)).body
            }
        }
        return answers
    }
}
