import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("v2b on a full disk", .enabled(if: SmallDisk.canMount, "mounting a small tmpfs needs root; skipped"))
struct V2bFullDiskTests {
    private let headers = [("identifier", LiveServer.vendorA.identifier), ("Content-Type", "application/json")]

    @Test("a create answers 507 saying the disk is full; lists, details and the delete flow still work")
    func fullDisk() throws {
        let disk = try SmallDisk(megabytes: 8)
        let server = try LiveServer(.v2b, folder: disk.folder)
        let id = try server.createdProductID()
        let largeImage = (0..<(512 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try disk.fill()

        let refused = try server.createSpringProduct(images: [("large.png", SampleImages.png + largeImage)])
        #expect(refused.status == 507)
        #expect(refused.json["code"] as? Int == 507)
        #expect((refused.json["message"] as? String)?.contains("full, so nothing was stored") == true, "\(refused.text)")
        #expect(try server.request("GET", "/api/products?page_no=1&items_per_page=10").json["totalCount"] as? Int == 1)
        #expect(try server.request("GET", "/api/products/\(id)").status == 200)

        let archived = try server.request(
            "POST", "/api/products/\(id)/archived", headers: headers,
            body: Array(#"{"secret":"\#(LiveServer.vendorA.secret)"}"#.utf8))
        #expect(archived.status == 200)
        let deleted = try server.request("DELETE", archived.text, headers: [("identifier", LiveServer.vendorA.identifier)])
        #expect(deleted.status == 200)
        #expect(try server.request("GET", "/api/products/\(id)").status == 404)

        try disk.empty()
        #expect(try server.createSpringProduct(images: [("large.png", SampleImages.png + largeImage)]).status == 201)
    }
}
