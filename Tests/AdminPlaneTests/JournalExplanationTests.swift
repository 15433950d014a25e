import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketAdminPlane
import OpenMarketHTTPTestSupport
import Testing

/// The entry's `explanation` (the words of `openmarket explain`) and, for a body cut by the journal's cap, the part
/// the cut went through: keys after those the control-plane document lists.
@Suite struct JournalExplanationTests {
    private func request(_ server: LiveServer, _ id: Int) throws -> [String: Any] {
        try server.admin("GET", "/__admin/requests/\(id)").json["request"] as? [String: Any] ?? [:]
    }

    @Test("an accepted multipart body is explained as explain would, after the multipart reading")
    func accepted() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.createAny()
        let detail = try server.admin("GET", "/__admin/requests/1").text
        let multipart = try #require(detail.range(of: #""multipart":"#))
        let explanation = try #require(detail.range(of: #""explanation":"#))
        #expect(multipart.lowerBound < explanation.lowerBound)
        let text = try request(server, 1)["explanation"] as? String ?? ""
        #expect(text.hasPrefix("Content-Type: multipart/form-data; boundary="))
        #expect(text.contains("ACCEPTED by v2b: 2 part(s)"))
        #expect(!text.contains("\u{1B}["), "no colour")
    }

    @Test("a body that is not multipart says so, with the refusal the app got")
    func notMultipart() throws {
        let server = try LiveServer.withAdmin(.v2b)
        _ = try server.request("POST", "/api/products", headers: [("Content-Type", "application/json")], body: Array("{}".utf8))
        let text = try request(server, 1)["explanation"] as? String ?? ""
        #expect(text.hasPrefix("POST /api/products: a body of 2 bytes sent as application/json, not multipart/form-data"))
        #expect(text.contains("REFUSED by v2b: "))
    }

    @Test("a body cut by the journal's cap names the part it was cut in and says what was kept")
    func cut() throws {
        let server = try LiveServer.withAdmin(.v2b, AdminSettings(journalBodyBytes: 600))
        _ = try server.createdProductID(images: [("large.jpg", SampleImages.jpeg(size: 4000))])
        let request = try request(server, 1)
        let body = request["body"] as? [String: Any] ?? [:]
        #expect(body["truncated"] as? Bool == true)
        let multipart = request["multipart"] as? [String: Any] ?? [:]
        let cutPart = multipart["cutPart"] as? [String: Any] ?? [:]
        #expect(cutPart["index"] as? Int == 2 && cutPart["name"] as? String == "images")
        #expect((multipart["parts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["params"])
        #expect((request["explanation"] as? String ?? "").hasPrefix("note: the journal kept the first 600 of "))
    }
}
