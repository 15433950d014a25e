import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

/// Every admin endpoint over a real socket, on every generation.
@Suite struct AdminEndToEndTests {
    @Test("health names the generation, the version and the database's counts", arguments: Generation.all)
    func health(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        _ = try server.createAny()
        let response = try server.admin("GET", "/__admin/health")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        let json = response.json
        #expect(json["generation"] as? String == generation.name)
        #expect(json["version"] as? String != nil)
        #expect(json["uptimeSeconds"] as? Double != nil)
        let database = json["database"] as? [String: Any] ?? [:]
        #expect(database["path"] as? String == server.databasePath)
        #expect(database["products"] as? Int == 1)
        #expect(database["images"] as? Int == 1)
        #expect(database["imageBytes"] as? Int == SampleImages.png.count)
        #expect(database["writable"] as? Bool == true)
        #expect((json["journal"] as? [String: Any])?["capacity"] as? Int == 1000)
        #expect((json["journal"] as? [String: Any])?["entries"] as? Int == 1)
    }

    @Test("the journal lists API requests newest first, never admin ones", arguments: Generation.all)
    func journalList(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let id = try server.createAny()
        _ = try server.request("GET", server.detailTarget(id))
        _ = try server.request("GET", "/no/such/path")
        _ = try server.admin("GET", "/__admin/health")
        let list = try server.admin("GET", "/__admin/requests")
        #expect(list.status == 200)
        let requests = list.json["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0["id"] as? Int } == [3, 2, 1])
        #expect(requests.map { $0["status"] as? Int } == [404, 200, generation.usesVendors ? 201 : 200])
        #expect(requests[1]["target"] as? String == server.detailTarget(id))
        #expect(requests[0]["error"] as? String != nil)
        #expect(requests[0]["clientAddress"] as? String == "127.0.0.1")
        #expect(list.json["total"] as? Int == 3)
        #expect(list.keyOrder.prefix(7) == ["requests", "id", "time", "durationMicros", "method", "target", "status"])
    }

    @Test("one entry in full, with the multipart body as it was read", arguments: Generation.all)
    func journalDetail(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        _ = try server.createAny()
        let detail = try server.admin("GET", "/__admin/requests/1")
        #expect(detail.status == 200)
        let request = detail.json["request"] as? [String: Any] ?? [:]
        let path = generation.usesVendors ? "/api/products" : "/item"
        #expect(request["line"] as? String == "POST \(path) HTTP/1.1")
        let headers = request["headers"] as? [[String: String]] ?? []
        #expect(headers.first?["name"] == "Host")
        let multipart = request["multipart"] as? [String: Any] ?? [:]
        #expect(multipart["boundary"] as? String == MultipartBuilder().boundary)
        #expect(multipart["correctBodySketch"] == nil)
        let parts = multipart["parts"] as? [[String: Any]] ?? []
        let image = try #require(parts.last)
        #expect(image["sniffedContentType"] as? String == "image/png")
        #expect(image["size"] as? Int == SampleImages.png.count)
        let bodyRange = image["bodyRange"] as? [Int] ?? []
        let raw = try server.admin("GET", "/__admin/requests/1/request-body")
        #expect(raw.status == 200)
        #expect(Array(raw.body[bodyRange[0]..<bodyRange[1]]) == SampleImages.png)
        let headerRange = image["headerRange"] as? [Int] ?? []
        let partHead = String(decoding: raw.body[headerRange[0]..<headerRange[1]], as: UTF8.self)
        #expect(partHead.hasPrefix("Content-Disposition: form-data;"))
        #expect(partHead.hasSuffix("\r\n\r\n"))
        let response = detail.json["response"] as? [String: Any] ?? [:]
        let responseBody = try server.admin("GET", "/__admin/requests/1/response-body")
        #expect((response["body"] as? [String: Any])?["text"] as? String == responseBody.text)
        #expect(responseBody.header("Content-Type") == "application/json; charset=utf-8" || responseBody.header("Content-Type")?.hasPrefix("application/json") == true)
    }

    @Test("a refused multipart body is explained: kind, offset, part and message", arguments: Generation.all)
    func rejectedBody(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let path = generation.usesVendors ? "/api/products" : "/item"
        let broken = Array("--B\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{}\r\n--B oops".utf8)
        let refused = try server.request(
            "POST", path, headers: [("Content-Type", "multipart/form-data; boundary=B"), ("identifier", LiveServer.vendorA.identifier)],
            body: broken)
        #expect(refused.status == 400)
        let detail = try server.admin("GET", "/__admin/requests/1")
        let multipart = (detail.json["request"] as? [String: Any])?["multipart"] as? [String: Any] ?? [:]
        let rejection = multipart["rejection"] as? [String: Any] ?? [:]
        #expect(rejection["kind"] as? String == "malformedDelimiterLine")
        #expect(rejection["offset"] as? Int != nil)
        #expect(rejection["message"] as? String != nil)
        // The part read before the error stays, and the sketch of a correct body holds it.
        #expect((multipart["parts"] as? [[String: Any]])?.map { $0["name"] as? String } == ["params"])
        let sketch = multipart["correctBodySketch"] as? String ?? ""
        #expect(sketch.contains("Content-Disposition: form-data; name=\"params\"\\r\\n\n"), "\(sketch)")
        #expect(((detail.json["response"] as? [String: Any])?["error"] as? String)?.isEmpty == false)
    }

    @Test("HAR 1.2 with every required field", arguments: Generation.all)
    func har(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let id = try server.createAny()
        _ = try server.request("GET", server.listTarget)
        _ = try server.request("GET", server.detailTarget(id))
        let har = try server.admin("GET", "/__admin/requests.har")
        #expect(har.status == 200)
        let log = har.json["log"] as? [String: Any] ?? [:]
        #expect(log["version"] as? String == "1.2")
        #expect((log["creator"] as? [String: Any])?["name"] as? String == "openmarket")
        let entries = log["entries"] as? [[String: Any]] ?? []
        #expect(entries.count == 3)
        for entry in entries {
            for key in ["startedDateTime", "time", "request", "response", "cache", "timings"] {
                #expect(entry[key] != nil, "entry lacks \(key)")
            }
            let request = entry["request"] as? [String: Any] ?? [:]
            for key in ["method", "url", "httpVersion", "cookies", "headers", "queryString", "headersSize", "bodySize"] {
                #expect(request[key] != nil, "request lacks \(key)")
            }
            let response = entry["response"] as? [String: Any] ?? [:]
            for key in ["status", "statusText", "httpVersion", "cookies", "headers", "content", "redirectURL", "headersSize", "bodySize"] {
                #expect(response[key] != nil, "response lacks \(key)")
            }
            let content = response["content"] as? [String: Any] ?? [:]
            #expect(content["size"] as? Int != nil && content["mimeType"] as? String != nil)
            let timings = entry["timings"] as? [String: Any] ?? [:]
            #expect(timings["send"] != nil && timings["wait"] != nil && timings["receive"] != nil)
            #expect((entry["startedDateTime"] as? String)?.hasSuffix("Z") == true)
        }
        let first = entries[0]["request"] as? [String: Any] ?? [:]
        #expect(first["method"] as? String == "POST")
        #expect((first["url"] as? String)?.hasPrefix("http://127.0.0.1") == true)
        #expect((first["postData"] as? [String: Any])?["mimeType"] as? String == MultipartBuilder().contentType)
        let listQuery = (entries[1]["request"] as? [String: Any])?["queryString"] as? [[String: String]] ?? []
        #expect(listQuery.isEmpty == !server.listTarget.contains("?"))
    }

    @Test("DELETE clears the journal; ids go on from where they were", arguments: Generation.all)
    func clear(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        _ = try server.request("GET", server.listTarget)
        _ = try server.request("GET", server.listTarget)
        #expect(try server.admin("DELETE", "/__admin/requests").status == 204)
        #expect(try server.admin("GET", "/__admin/requests").json["total"] as? Int == 0)
        _ = try server.request("GET", server.listTarget)
        let requests = try server.admin("GET", "/__admin/requests").json["requests"] as? [[String: Any]] ?? []
        #expect(requests.map { $0["id"] as? Int } == [3])
    }

    @Test("reset restores the state right after start, byte for byte, and empties the journal", arguments: Generation.all)
    func reset(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        let freshList = try server.request("GET", server.listTarget)
        let freshDetail = try server.request("GET", server.detailTarget(1))
        let freshHealth = try server.admin("GET", "/__admin/health").json["database"] as? [String: Any]
        let id = try server.createAny()
        _ = try server.createAny()
        // Cached before the reset: the reset must not let these be served after it.
        #expect(try server.request("GET", server.listTarget).status == 200)
        #expect(try server.request("GET", server.detailTarget(id)).status == 200)

        let reset = try server.admin("POST", "/__admin/reset")
        #expect(reset.status == 200)
        #expect((reset.json["database"] as? [String: Any])?["products"] as? Int == 0)
        #expect((reset.json["journal"] as? [String: Any])?["entries"] as? Int == 0)
        #expect(try server.request("GET", server.listTarget).text == freshList.text)
        #expect(try server.request("GET", server.detailTarget(1)).text == freshDetail.text)
        let health = try server.admin("GET", "/__admin/health").json["database"] as? [String: Any]
        #expect(health?["images"] as? Int == freshHealth?["images"] as? Int)
        #expect(health?["imageBytes"] as? Int == freshHealth?["imageBytes"] as? Int)
        // The id counters start again.
        #expect(try server.createAny() == 1)
    }

    @Test("extra slashes reach admin routes as they reach the API", arguments: Generation.all)
    func slashes(_ generation: Generation) throws {
        let server = try LiveServer.withAdmin(generation)
        #expect(try server.admin("GET", "//__admin//health/").status == 200)
    }

    @Test("without the admin plane, /__admin is the generation's own 404", arguments: Generation.all)
    func adminOff(_ generation: Generation) throws {
        let plain = try LiveServer(generation)
        let withAdmin = try LiveServer.withAdmin(generation)
        let off = try plain.request("GET", "/__admin/health")
        let unknown = try withAdmin.request("GET", "/no/such/thing")
        #expect(off.status == 404)
        #expect(off.keyOrder == unknown.keyOrder)
    }
}
