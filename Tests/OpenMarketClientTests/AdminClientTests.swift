import Foundation
import OpenMarketClient
import Testing

/// The admin API calls on the wire, seen through a `URLProtocol` stub answering as control-plane.md says.
@Suite struct AdminClientTests {
    private static let healthJSON = """
        {"status":"ok","generation":"v2b","version":"0.9.0","uptimeSeconds":12.5,
         "database":{"path":":memory:","schemaVersion":3,"products":54,"images":130,"imageBytes":2048000,"writable":true},
         "journal":{"capacity":1000,"entries":7}}
        """
    private static let unwritableHealthJSON = """
        {"status":"unwritable","generation":"v1a","version":"0.9.0","uptimeSeconds":3,
         "database":{"path":"/data/market.sqlite","writable":false,"reason":"the disk is full"},
         "journal":{"capacity":0,"entries":0},"activeFaults":2}
        """
    private static let summaryFields = """
        "id":41,"time":"2026-11-23T11:50:00.123Z","durationMicros":812,"method":"POST","target":"/api/products",
        "status":400,"clientAddress":"127.0.0.1","requestBytes":310,"responseBytes":98,"error":"params is missing"
        """
    private static let faultJSON = #"{"id":3,"path":"/api/products/*","action":"respond","status":500,"times":1}"#

    @Test func healthGetsTheHealthPathAndDecodesEveryField() async throws {
        let server = StubServer(.json(200, Self.healthJSON))
        let health = try await server.client().admin.health()
        #expect(health.generation == "v2b")
        #expect(health.uptimeSeconds == 12.5)
        #expect(health.database.products == 54)
        #expect(health.database.imageBytes == 2_048_000)
        #expect(health.database.isWritable)
        #expect(health.journal.capacity == 1000)
        #expect(health.journal.entries == 7)
        #expect(health.activeFaults == nil)
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.url.absoluteString == "http://\(server.host)/__admin/health")
        #expect(request.header("Authorization") == nil)
    }

    @Test func healthOfAnUnwritableDatabaseIsAnAnswerNotAnError() async throws {
        let server = StubServer(.json(503, Self.unwritableHealthJSON))
        let health = try await server.client().admin.health()
        #expect(health.status == "unwritable")
        #expect(!health.database.isWritable)
        #expect(health.database.reason == "the disk is full")
        #expect(health.database.products == nil)
        #expect(health.activeFaults == 2)
    }

    @Test func resetPostsWithoutABodyAndCarriesTheAdminToken() async throws {
        let server = StubServer(.json(200, Self.healthJSON))
        let health = try await server.client(adminToken: "s3cret").admin.reset()
        #expect(health.database.products == 54)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/__admin/reset")
        #expect(request.header("Authorization") == "Bearer s3cret")
        #expect(request.header("identifier") == nil)
        #expect(request.body.isEmpty)
    }

    @Test func requestsSendsEveryFilterAndDecodesThePage() async throws {
        let server = StubServer(.json(200, #"{"requests":[{\#(Self.summaryFields)}],"total":17}"#))
        let filter = JournalFilter(limit: 5, before: 42, method: "POST", path: "/api/products", status: .hundreds(4))
        let page = try await server.client(basePath: "/emulator").admin.requests(filter)
        #expect(page.total == 17)
        let entry = try #require(page.requests.first)
        #expect(entry.id == 41)
        #expect(entry.status == 400)
        #expect(entry.error == "params is missing")
        let request = try #require(server.requests.first)
        #expect(request.url.path == "/emulator/__admin/requests")
        #expect(request.url.query == "limit=5&before=42&method=POST&path=%2Fapi%2Fproducts&status=4xx")
    }

    @Test func aStatusFilterAloneAndNoFilterAtAll() async throws {
        let empty = StubReply.json(200, #"{"requests":[],"total":0}"#)
        let server = StubServer(empty, empty)
        _ = try await server.client().admin.requests(JournalFilter(status: .code(404)))
        _ = try await server.client().admin.requests()
        #expect(server.requests.map(\.url.query) == ["status=404", nil])
    }

    @Test func requestDecodesTheEntryWithItsMultipartReading() async throws {
        let detail = """
            {\(Self.summaryFields),
             "request":{"line":"POST /api/products HTTP/1.1",
               "headers":[{"name":"Host","value":"127.0.0.1"},{"name":"Content-Type","value":"multipart/form-data; boundary=b"}],
               "body":{"size":310,"truncated":false,"base64":"AAEC"},
               "multipart":{"boundary":"b","parts":[{"index":1,"name":"images","filename":"a.png",
                 "declaredContentType":"image/png","sniffedContentType":"image/png","headerRange":[4,80],"bodyRange":[84,300],
                 "size":216}],
                 "rejection":{"kind":"missingPart","message":"params is missing"}}},
             "response":{"status":400,"reason":"Bad Request","headers":[{"name":"Content-Type","value":"application/json"}],
               "body":{"size":98,"truncated":true,"text":"{\\"code\\":400}"},"error":"params is missing"}}
            """
        let server = StubServer(.json(200, detail))
        let entry = try await server.client().admin.request(id: 41)
        #expect(server.requests.first?.url.path == "/__admin/requests/41")
        #expect(entry.summary.target == "/api/products")
        #expect(entry.request.headers.map(\.name) == ["Host", "Content-Type"])
        #expect(entry.request.body.data == Data([0, 1, 2]))
        let part = try #require(entry.request.multipart?.parts.first)
        #expect(part.filename == "a.png")
        #expect(part.bodyRange == 84..<300)
        #expect(part.headerRange == 4..<80)
        #expect(entry.request.multipart?.rejection?.offset == nil)
        #expect(entry.response.body.truncated)
        #expect(entry.response.body.data == Data(#"{"code":400}"#.utf8))
        #expect(entry.response.error == "params is missing")
    }

    @Test func bodiesAndTheHARComeBackAsRawBytes() async throws {
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let server = StubServer(
            .response(status: 200, body: png), .json(200, "{}"), .json(200, #"{"log":{"version":"1.2"}}"#))
        let admin = server.client().admin
        #expect(try await admin.requestBody(id: 5) == png)
        #expect(try await admin.responseBody(id: 5) == Data("{}".utf8))
        #expect(try await admin.har() == Data(#"{"log":{"version":"1.2"}}"#.utf8))
        #expect(server.requests.map(\.url.path)
            == ["/__admin/requests/5/request-body", "/__admin/requests/5/response-body", "/__admin/requests.har"])
    }

    @Test func clearingTheJournalAndTheFaultsDeletes() async throws {
        let server = StubServer(
            .response(status: 204, body: Data()), .response(status: 204, body: Data()), .response(status: 204, body: Data()))
        let admin = server.client(adminToken: "t").admin
        try await admin.clearRequests()
        try await admin.removeFault(id: 3)
        try await admin.removeAllFaults()
        #expect(server.requests.map { "\($0.method) \($0.url.path)" }
            == ["DELETE /__admin/requests", "DELETE /__admin/faults/3", "DELETE /__admin/faults"])
        #expect(server.requests.allSatisfy { $0.header("Authorization") == "Bearer t" })
    }

    @Test func addFaultPostsTheRuleAsCamelCaseJSON() async throws {
        let server = StubServer(.json(201, Self.faultJSON))
        let fault = try await server.client().admin.addFault(
            FaultRule(path: "/api/products/*", action: .respond, status: 500, headers: ["Retry-After": "1"], times: 1))
        #expect(fault.id == 3)
        #expect(fault.rule == FaultRule(path: "/api/products/*", action: .respond, status: 500, times: 1))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/__admin/faults")
        #expect(request.header("Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self)
            == #"{"action":"respond","headers":{"Retry-After":"1"},"path":"/api/products/*","status":500,"times":1}"#)
    }

    @Test func insertPostsTheProductsWithBase64ImagesAndUnixSecondsAndReturnsTheIds() async throws {
        let server = StubServer(.json(201, #"{"ids":[392,393]}"#))
        let ids = try await server.client().admin.insert([
            SeedProduct(
                id: 392, name: "MacBook", price: 1_690_000, secret: "1234", images: [Data([0x89, 0x50])],
                createdAt: Date(timeIntervalSince1970: 1_622_505_600.5)),
            SeedProduct(name: "Mug", price: 9.5, currency: "USD", vendor: "seoul-living", images: [Data([1])]),
        ])
        #expect(ids == [392, 393])
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.url.path == "/__admin/products")
        #expect(request.header("Content-Type") == "application/json")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"products":[{"#
            + #""createdAt":1622505600.5,"currency":"KRW","description":"","discountedPrice":0,"id":392,"images":["iVA="],"#
            + #""name":"MacBook","price":1690000,"secret":"1234","stock":0},{"currency":"USD","description":"","#
            + #""discountedPrice":0,"images":["AQ=="],"name":"Mug","price":9.5,"stock":0,"vendor":"seoul-living"}]}"#)
    }

    @Test func aV1ItemInV1sWordsIsTheSameValueAndIsSentInTheSameWords() async throws {
        let server = StubServer(.json(201, #"{"ids":[7]}"#))
        var item = SeedProduct(
            title: "Pen", descriptions: "blue", price: 10.5, password: "pw", images: [Data([1])],
            registeredAt: Date(timeIntervalSince1970: 1_622_505_600))
        item.stock = 2
        #expect(item == SeedProduct(
            name: "Pen", description: "blue", price: 10.5, stock: 2, secret: "pw", images: [Data([1])],
            createdAt: Date(timeIntervalSince1970: 1_622_505_600)))
        #expect([item.title, item.descriptions, item.password] == ["Pen", "blue", "pw"])
        item.password = "new"
        item.registeredAt = nil
        #expect(item.secret == "new" && item.createdAt == nil)

        _ = try await server.client().admin.insert([item])
        let body = try #require(server.requests.first?.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"products":[{"currency":"KRW","description":"blue","#
            + #""discountedPrice":0,"images":["AQ=="],"name":"Pen","price":10.5,"secret":"new","stock":2}]}"#)
    }

    @Test func allowingWhatTheAPIRefusesIsSentOnlyWhenSet() async throws {
        let server = StubServer(.json(201, #"{"ids":[1]}"#), .json(201, #"{"ids":[2]}"#))
        let euro = SeedProduct(name: "Euro", price: 1, currency: "EUR", images: [Data([1])])
        _ = try await server.client().admin.insert([euro])
        _ = try await server.client().admin.insert([euro], allowingWhatTheAPIRefuses: true)
        let product = #"{"currency":"EUR","description":"","discountedPrice":0,"images":["AQ=="],"name":"Euro","#
            + #""price":1,"stock":0}"#
        let bodies = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(bodies == [
            #"{"products":[\#(product)]}"#, #"{"allowingWhatTheAPIRefuses":true,"products":[\#(product)]}"#,
        ])
    }

    @Test func faultsListsTheActiveFaults() async throws {
        let drop = #"{"id":4,"method":"POST","path":"/api/**","action":"drop","probability":0.25}"#
        let server = StubServer(.json(200, #"{"faults":[\#(Self.faultJSON),\#(drop)]}"#))
        let faults = try await server.client().admin.faults()
        #expect(faults.map(\.id) == [3, 4])
        #expect(faults.map(\.rule.action) == [.respond, .drop])
        #expect(faults.last?.rule.probability == 0.25)
        #expect(server.requests.first.map { "\($0.method) \($0.url.path)" } == "GET /__admin/faults")
    }

    @Test func setLatencyPutsTheRange() async throws {
        let server = StubServer(.json(200, #"{"minMs":100,"maxMs":300}"#))
        try await server.client().admin.setLatency(milliseconds: 100...300)
        let request = try #require(server.requests.first)
        #expect(request.method == "PUT")
        #expect(request.url.path == "/__admin/latency")
        #expect(String(decoding: request.body, as: UTF8.self) == #"{"maxMs":300,"minMs":100}"#)
    }

    @Test func anAdminErrorBodyIsAnAdminRefusalWithItsMessage() async throws {
        let message = "limit must be a whole number from 1 to 10000; got \"0\""
        let server = StubServer(.json(400, #"{"error":"\#(message.replacingOccurrences(of: "\"", with: "\\\""))"}"#))
        let error = await caughtError { try await server.client().admin.requests(JournalFilter(limit: 0)) }
        #expect(error?.adminFailure == AdminFailure(statusCode: 400, message: message))
    }

    @Test func aForbiddenAnswerSaysHowToAllowIt() async throws {
        let server = StubServer(.json(403, #"{"error":"start the server with --admin-token TOKEN"}"#))
        let error = await caughtError { try await server.client().admin.reset() }
        #expect(error?.adminFailure?.statusCode == 403)
    }

    @Test func aServerWithoutTheAdminAPIIsAnHTTPStatusFailure() async throws {
        let server = StubServer(.json(404, #"{"code":404,"message":"Not Found"}"#))
        let error = await caughtError { try await server.client().admin.health() }
        #expect(error?.httpStatusFailure?.statusCode == 404)
        #expect(error?.adminFailure == nil)
    }

    @Test func aHealthBodyOfAnotherShapeNamesTheMissingKey() async throws {
        let server = StubServer(.json(200, #"{"status":"ok"}"#))
        let error = await caughtError { try await server.client().admin.health() }
        #expect(error?.decodingFailure?.keyPath == "generation")
    }
}
