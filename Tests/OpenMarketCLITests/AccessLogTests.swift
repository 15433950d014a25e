import Foundation
import OpenMarketHTTPTestSupport
import Testing

@Suite("openmarket serve's access log")
struct AccessLogTests {
    /// The message of a v2 error body, which the log line must repeat.
    private func message(of response: RawResponse) throws -> String {
        let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        return try #require(body?["message"] as? String)
    }

    /// The access log's line for a request, found by the text its target and status make.
    private func line(_ start: String, in log: String) throws -> Substring {
        try #require(log.split(separator: "\n").first { $0.contains(" info \(start) ") }, "\(log)")
    }

    @Test("an error's line ends with the message the client got, quoted with \" and \\ escaped; a success's has none")
    func errorLinesSayWhy() throws {
        let server = try ServerProcess(["serve", "--port", "0", "--database", ":memory:"])
        let connection = try RawHTTPConnection(port: server.port)
        let missing = try connection.request("GET", "/api/products/4242")
        let badPage = try connection.request("GET", "/api/products?page_no=x%22y%5C")
        let healthy = try connection.request("GET", "/healthChecker")
        #expect(missing.status == 404 && badPage.status == 400 && healthy.status == 200)
        #expect(server.stop() == 0)
        let log = server.standardError

        let missingLine = try line("GET /api/products/4242 404", in: log)
        #expect(missingLine.hasSuffix("us \"\(try message(of: missing))\""), "\(missingLine)")

        // The client's quote and backslash reach the message; escaped, the quoted part still ends at the line's end.
        let badPageMessage = try message(of: badPage)
        #expect(badPageMessage.contains(#"x\"y\\"#), "\(badPageMessage)")
        let escaped = badPageMessage.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        let badPageLine = try line("GET /api/products?page_no=x%22y%5C 400", in: log)
        #expect(badPageLine.hasSuffix("us \"\(escaped)\""), "\(badPageLine)")

        #expect(try line("GET /healthChecker 200", in: log).hasSuffix("us"))
    }
}
