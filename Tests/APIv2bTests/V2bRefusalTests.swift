import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v2b: requests refused before routing")
struct V2bRefusalTests {
    @Test(
        "a request line over the server's limit answers 414 as {\"code\",\"message\"}",
        .enabled(if: TestTransport.current == .socket, "a request line over the limit only travels on a socket"))
    func requestLineTooLong() throws {
        let server = try LiveServer(.v2b)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
        try connection.send("GET /\(String(repeating: "a", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 414)
        #expect(response.json["code"] as? Int == 414)
        #expect((response.json["message"] as? String)?.contains("request line") == true)
    }
}
