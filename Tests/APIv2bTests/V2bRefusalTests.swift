import APITestSupport
import MarketAPI
import HTTPTestSupport
import Testing

@Suite("v2b: requests refused before routing")
struct V2bRefusalTests {
    @Test(
        "a malformed request line answers 400 as {\"code\",\"message\"}",
        .enabled(if: TestTransport.current == .socket, "bytes that are no request only travel on a socket"))
    func malformedRequestLine() throws {
        let server = try LiveServer(.v2b)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
        try connection.send("\u{01} \u{02} \u{03}\u{04}\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 400)
        #expect(response.json["code"] as? Int == 400)
        #expect((response.json["message"] as? String)?.contains("malformed") == true)
    }
}
