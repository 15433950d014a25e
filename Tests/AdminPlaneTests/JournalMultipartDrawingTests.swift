import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketMultipart
import OpenMarketStore
import Testing

/// What the page draws a multipart body from: the entry's `segments` and `advice`, made by the OpenMarketMultipart
/// module (the page has no parser of its own).
@Suite struct JournalMultipartDrawingTests {
    private func multipart(_ server: LiveServer, _ id: Int) throws -> [String: Any] {
        let detail = try server.admin("GET", "/__admin/requests/\(id)")
        return (detail.json["request"] as? [String: Any])?["multipart"] as? [String: Any] ?? [:]
    }

    @Test("an accepted body's segments cover it end to end, in order, matching the parts' ranges", arguments: Generation.all)
    func segments(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        _ = try server.createAny()
        let reading = try multipart(server, 1)
        let body = try server.admin("GET", "/__admin/requests/1/request-body").body
        let segments = reading["segments"] as? [[String: Any]] ?? []
        let kinds = segments.compactMap { $0["kind"] as? String }
        #expect(Set(kinds).isSubset(of: ["preamble", "delimiter", "headers", "content", "closing"]), "\(kinds)")
        #expect(kinds.first == "delimiter")
        #expect(kinds.last == "closing")
        #expect(kinds.filter { $0 == "content" }.count == (reading["parts"] as? [Any])?.count)
        var cursor = 0
        for segment in segments {
            #expect(segment["start"] as? Int == cursor)
            cursor = segment["end"] as? Int ?? -1
        }
        #expect(cursor == body.count)
        let parts = reading["parts"] as? [[String: Any]] ?? []
        for part in parts {
            let index = part["index"] as? Int
            let content = segments.first { $0["kind"] as? String == "content" && $0["part"] as? Int == index }
            #expect([content?["start"] as? Int, content?["end"] as? Int] == (part["bodyRange"] as? [Int] ?? []).map { $0 })
            let headers = segments.first { $0["kind"] as? String == "headers" && $0["part"] as? Int == index }
            #expect([headers?["start"] as? Int, headers?["end"] as? Int] == (part["headerRange"] as? [Int] ?? []).map { $0 })
        }
        #expect(reading["advice"] as? [String] == [])
    }

    @Test("a refused body carries the shared advice for its mistake", arguments: Generation.all)
    func advice(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let path = generation.usesVendors ? "/api/products" : "/item"
        let contentType = "multipart/form-data; boundary=B"
        let broken = Array("--B\r\nContent-Disposition: form-data; name=\"params\"\r\n{}\r\n--B--\r\n".utf8)
        let refused = try server.request(
            "POST", path, headers: [("Content-Type", contentType), ("identifier", LiveServer.vendorA.identifier)],
            body: broken)
        #expect(refused.status == 400)
        let reading = try multipart(server, 1)
        // LiveServer's admin plane reads bodies with the default ending, as the journal then does.
        let expected = MultipartFix.advice(
            for: MultipartReading(body: broken, contentType: contentType, ending: .closeDelimiter, sniff: { _ in nil }),
            body: broken)
        #expect(!expected.isEmpty)
        #expect(reading["advice"] as? [String] == expected)
        #expect((reading["rejection"] as? [String: Any])?["kind"] as? String == "missingBlankLineAfterHeaders")
    }
}
