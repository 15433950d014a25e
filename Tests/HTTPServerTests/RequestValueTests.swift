import OpenMarketHTTPCore
import Testing

/// A request is a value over one shared box of fields: the journal keeps a copy while the handler changes its own.
@Suite struct RequestValueTests {
    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Request(
            method: .post, path: "/api/products", query: "a=1", headers: HTTPHeaders([("Host", "localhost")]),
            body: [1, 2, 3], version: "HTTP/1.0", clientAddress: "::1", scheme: "https")
        var copy = original
        copy.method = .put
        copy.path = "/other"
        copy.query = ""
        copy.headers.add(name: "X-Added", value: "yes")
        copy.body = []
        copy.version = "HTTP/1.1"
        copy.clientAddress = "192.0.2.7"
        copy.scheme = "http"
        #expect(original.method == .post)
        #expect(original.target == "/api/products?a=1")
        #expect(original.headers == HTTPHeaders([("Host", "localhost")]))
        #expect(original.body == [1, 2, 3])
        #expect(original.version == "HTTP/1.0")
        #expect(original.clientAddress == "::1")
        #expect(original.scheme == "https")
        #expect(copy.target == "/other")
        #expect(copy.headers["x-added"] == "yes")
        #expect(copy.clientAddress == "192.0.2.7")
    }

    @Test func aRequestChangedInPlaceKeepsItsOtherFields() {
        var request = Request(method: .get, path: "/a", headers: HTTPHeaders([("Host", "h")]))
        request.body.append(contentsOf: [9, 9])
        request.headers.add(name: "Accept", value: "*/*")
        #expect(request.body == [9, 9])
        #expect(request.headers["Host"] == "h")
        #expect(request.headers["Accept"] == "*/*")
        #expect(request.path == "/a")
    }
}
