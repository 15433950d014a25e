@testable import OpenMarketAPI
import OpenMarketHTTPCore
import Testing

/// Image URLs start with the scheme and Host the request came with, unless the Host could name another place.
@Suite("The base of image URLs")
struct ImageBaseURLTests {
    private func base(host: String?, scheme: String = "http") -> String {
        let headers = HTTPHeaders(host.map { [("Host", $0)] } ?? [])
        return BaseURL(request: Request(method: .get, path: "/api/products/1", headers: headers, scheme: scheme),
                       publicURL: nil).text
    }

    @Test("a Host as clients send it is kept, with the request's scheme", arguments: [
        "127.0.0.1:8080", "localhost", "[::1]:8080", "192.168.0.10:8080", "openmarket.yagom-academy.kr", "맥북.kr",
    ])
    func plainHosts(_ host: String) {
        #expect(base(host: host) == "http://\(host)")
        #expect(base(host: host, scheme: "https") == "https://\(host)")
    }

    @Test("a missing or empty Host, or one with whitespace or a slash, gives localhost", arguments: [
        nil, "", "a b", "a\tb", "a\rb", "a\nb", "a\u{0B}b", "a\u{0C}b", "a\u{85}b", "a\u{A0}b", "a\u{3000}b",
        "evil.example/path", "/", " ",
    ])
    func refusedHosts(_ host: String?) {
        #expect(base(host: host) == "http://localhost")
    }

    @Test("a public URL wins over any Host")
    func publicURL() {
        let request = Request(method: .get, path: "/", headers: HTTPHeaders([("Host", "10.0.0.2:8080")]))
        #expect(BaseURL(request: request, publicURL: "https://market.example").text == "https://market.example")
    }
}
