import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// `/__admin/`: the committed page files, byte for byte, under a Content-Security-Policy that allows only the page's
/// own script, style and calls.
@Suite struct AdminPageTests {
    private static let pageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/API/OpenMarketAdminPlane/Page")

    private static func committed(_ fileName: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: pageDirectory.appendingPathComponent(fileName)))
    }

    static let files: [(target: String, fileName: String, contentType: String)] = [
        ("/__admin/", "index.html", "text/html; charset=utf-8"),
        ("/__admin", "index.html", "text/html; charset=utf-8"),
        ("//__admin//", "index.html", "text/html; charset=utf-8"),
        ("/__admin/page.css", "page.css", "text/css; charset=utf-8"),
        ("/__admin/page.js", "page.js", "text/javascript; charset=utf-8"),
        ("/__admin/favicon.svg", "favicon.svg", "image/svg+xml"),
    ]

    @Test("each page file is the committed file, with its content type and the CSP", arguments: files)
    func committedFile(_ file: (target: String, fileName: String, contentType: String)) throws {
        let server = try LiveServer.withAdmin(.v2b)
        let response = try server.request("GET", file.target)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == file.contentType)
        #expect(response.body == (try Self.committed(file.fileName)), "\(file.fileName) differs from what the binary serves")
        let policy = try #require(response.header("Content-Security-Policy"))
        #expect(policy.contains("default-src 'none'"))
        #expect(policy.contains("script-src 'self'"))
        #expect(policy.contains("connect-src 'self'"))
        #expect(!policy.contains("unsafe"))
        #expect(response.header("X-Content-Type-Options") == "nosniff")
    }

    @Test("the page loads nothing from elsewhere: every URL it names is under /__admin")
    func noNetwork() throws {
        for fileName in ["index.html", "page.css", "page.js"] {
            let text = String(decoding: try Self.committed(fileName), as: UTF8.self)
            #expect(!text.contains("://"), "\(fileName) names a URL of another origin")
        }
        let html = String(decoding: try Self.committed("index.html"), as: UTF8.self)
        for reference in ["href=\"/__admin/page.css\"", "src=\"/__admin/page.js\"", "href=\"/__admin/favicon.svg\""] {
            #expect(html.contains(reference))
        }
        #expect(!html.contains("<script>") && !html.contains("style="), "inline script or style would break the CSP")
    }

    @Test("the page is not journaled, and --no-admin hides it as the generation's 404", arguments: Generation.all)
    func adminOnly(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        #expect(try server.request("GET", "/__admin/").status == 200)
        #expect(try server.request("GET", "/__admin/health").json["journal"].flatMap { $0 as? [String: Any] }?["entries"] as? Int == 0)
        let plain = try LiveServer(generation)
        #expect(try plain.request("GET", "/__admin/").status == 404)
    }
}
