import Foundation
import OpenMarketClient
import Testing

/// `sentRequests`, `SentRequest` and `SentPart` on the wire, against a stub answering as the journal does.
@Suite struct SentRequestClientTests {
    private static func summary(_ id: Int, target: String = "/api/products") -> String {
        """
        {"id":\(id),"time":"2026-11-23T11:50:00.123Z","durationMicros":812,"method":"POST","target":"\(target)",
         "status":201,"clientAddress":"127.0.0.1","requestBytes":3,"responseBytes":2}
        """
    }

    private static func detail(_ id: Int, target: String = "/api/products", body: String = "abc", extra: String = "") -> String {
        """
        {\(summary(id, target: target).dropFirst().dropLast()),
         "request":{"line":"POST \(target) HTTP/1.1","headers":[{"name":"identifier","value":"vendor-\(id)"}],
           "body":{"size":\(body.utf8.count),"truncated":false,"text":"\(body)"}\(extra),
           "explanation":"explained \(id)"},
         "response":{"status":201,"reason":"Created","headers":[],"body":{"size":2,"truncated":false,"text":"{}"}}}
        """
    }

    @Test func sentRequestsReadsEveryPageThenEachEntryOldestFirst() async throws {
        let server = StubServer(
            .json(200, #"{"requests":[\#(Self.summary(3)),\#(Self.summary(2))],"total":3,"latestId":3,"oldestId":1}"#),
            .json(200, #"{"requests":[\#(Self.summary(1))],"total":1,"latestId":3,"oldestId":1}"#),
            .json(200, Self.detail(1)), .json(200, Self.detail(2)), .json(200, Self.detail(3)))
        let sent = try await server.client().admin.sentRequests(JournalFilter(method: "POST"))
        #expect(sent.map(\.id) == [1, 2, 3])
        #expect(sent.map(\.explanation) == ["explained 1", "explained 2", "explained 3"])
        #expect(sent.last?.header("IDENTIFIER") == "vendor-3")
        let asked = server.requests.map { $0.url.path + ($0.url.query.map { "?" + $0 } ?? "") }
        #expect(asked == [
            "/__admin/requests?limit=10000&method=POST", "/__admin/requests?limit=10000&before=2&method=POST",
            "/__admin/requests/1", "/__admin/requests/2", "/__admin/requests/3",
        ])
    }

    @Test func aWaitWithoutAFilterTakesTheFirstRequestOfAnyKind() async throws {
        let server = StubServer(
            .json(200, #"{"requests":[\#(Self.summary(5, target: "/healthChecker")),\#(Self.summary(4))],"total":2,"latestId":5}"#),
            .json(200, Self.detail(4)))
        let sent = try await server.client().admin.waitForSentRequest(timeout: .seconds(5))
        #expect(sent.id == 4)
        let asked = server.requests.map { $0.url.path + ($0.url.query.map { "?" + $0 } ?? "") }
        #expect(asked == ["/__admin/requests?limit=10000&after=0", "/__admin/requests/4"])
    }

    /// The first look is answered after the wait's time ran out, showing the journal as it was when it began; the
    /// request arrived meanwhile. A wait that gave up on that stale look missed it (the sanitizer legs, on a loaded
    /// machine, once failed two tests so, with the request in the journal).
    @Test func aWaitLooksOnceMoreWhenItsLastLookWasAnsweredAfterItsTime() async throws {
        let server = StubServer(
            .late(.milliseconds(400), .json(200, #"{"requests":[],"total":0,"latestId":0}"#)),
            .json(200, #"{"requests":[\#(Self.summary(1))],"total":1,"latestId":1}"#),
            .json(200, Self.detail(1)))
        let sent = try await server.client().admin.waitForSentRequest(
            JournalFilter(method: "POST"), timeout: .milliseconds(100))
        #expect(sent.id == 1)
        let asked = server.requests.map { $0.url.path + ($0.url.query.map { "?" + $0 } ?? "") }
        #expect(asked == [
            "/__admin/requests?limit=10000&method=POST&after=0", "/__admin/requests?limit=10000&method=POST&after=0",
            "/__admin/requests/1",
        ])
    }

    @Test func theTargetSplitsIntoPathAndDecodedQueryItems() async throws {
        let target = "/api/products?page_no=1&search_value=%ED%95%9C%20b&flag"
        let server = StubServer(
            .json(200, #"{"requests":[\#(Self.summary(1, target: target))],"total":1,"latestId":1}"#),
            .json(200, Self.detail(1, target: target)))
        let sent = try #require(try await server.client().admin.sentRequests().first)
        #expect(sent.path == "/api/products")
        #expect(sent.query == [
            .init(name: "page_no", value: "1"), .init(name: "search_value", value: "한 b"), .init(name: "flag", value: nil),
        ])
    }

    @Test func partsAreCutOutOfTheBodyByTheirRanges() async throws {
        let multipart = """
            ,"multipart":{"boundary":"b","parts":[
              {"index":1,"name":"params","declaredContentType":"application/json","headerRange":[0,2],"bodyRange":[2,9],"size":7},
              {"index":2,"name":"images","filename":"a.gif","headerRange":[9,10],"bodyRange":[10,16],"size":6}],
              "cutPart":{"index":3,"name":"images"}}
            """
        let server = StubServer(
            .json(200, #"{"requests":[\#(Self.summary(1))],"total":1,"latestId":1}"#),
            .json(200, Self.detail(1, body: #"--{\"a\":1}-GIF89a"#, extra: multipart)))
        let sent = try #require(try await server.client().admin.sentRequests().first)
        struct Params: Decodable { let a: Int }
        #expect(try sent.part(named: "params")?.decode(Params.self).a == 1)
        #expect(sent.part(named: "params")?.contentType == "application/json")
        #expect(sent.parts(named: "images").map(\.detectedType) == ["image/gif"])
        #expect(sent.parts(named: "images").first?.filename == "a.gif")
        #expect(sent.cutPartName == "images")
    }

    @Test("the detected type comes from the bytes, whatever the part declares", arguments: [
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "image/png"),
        ([0xFF, 0xD8, 0xFF, 0xDB, 0], "image/jpeg"),
        (Array("GIF87a".utf8) + [0], "image/gif"),
        (Array("RIFF".utf8) + [1, 0, 0, 0] + Array("WEBPVP8 ".utf8), "image/webp"),
        ([0, 0, 0, 0x18] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8), "image/heic"),
        ([0, 0, 0, 0x18] + Array("ftypmif1".utf8) + [0, 0, 0, 0] + Array("mif1heix".utf8), "image/heic"),
        ([0, 0, 0, 0x18] + Array("ftypavif".utf8) + [0, 0, 0, 0] + Array("mif1avif".utf8), nil),
        (Array("RIFF".utf8) + [1, 0, 0, 0] + Array("WAVE".utf8), nil),
        (Array("{\"name\":1}".utf8), nil),
        ([], nil),
    ] as [([UInt8], String?)])
    func detectedType(bytes: [UInt8], type: String?) {
        #expect(SentPart(name: "images", contentType: "image/png", data: Data(bytes)).detectedType == type)
    }

    @Test func setNetworkSendsUnlimitedAsNullAndNetworkReadsTheLatency() async throws {
        let answer = """
            {"downloadBytesPerSecond":97500,"uploadBytesPerSecond":null,"latency":{"minMs":200,"maxMs":200},"profiles":[]}
            """
        let server = StubServer(.json(200, answer), .json(200, answer))
        let admin = server.client().admin
        try await admin.setNetwork(NetworkConditions(downloadBytesPerSecond: 97_500))
        let body = try #require(server.requests.first?.body)
        #expect(String(decoding: body, as: UTF8.self) == #"{"downloadBytesPerSecond":97500,"uploadBytesPerSecond":null}"#)
        #expect(server.requests.first?.method == "PUT")
        #expect(try await admin.network() == NetworkConditions(downloadBytesPerSecond: 97_500, latencyMilliseconds: 200))
    }
}
