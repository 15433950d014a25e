import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

@Suite("v1: requests refused before routing")
struct V1RefusalTests {
    @Test(
        "a request line too long for the server answers 414 in the generation's error shape",
        .enabled(if: TestTransport.current == .socket, "a request line's limit is the socket server's"),
        arguments: v1Generations)
    func requestLineTooLong(generation: Generation) throws {
        let server = try LiveServer(generation)
        let connection = try RawHTTPConnection(port: server.port, timeoutSeconds: 3)
        try connection.send("GET /products/1?\(String(repeating: "x", count: 20_000)) HTTP/1.1\r\nHost: x\r\n\r\n")
        let response = try connection.readResponse()
        #expect(response.status == 414)
        #expect(server.generation.isErrorBody(response))
        #expect(server.generation.errorMessage(response)?.contains("request line") == true)
    }
}
