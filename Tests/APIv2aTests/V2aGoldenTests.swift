import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Our bytes against the course's v2a mock and the real v2a capture quoted in docs/wire-format.md §3.4.
@Suite("v2a golden shapes")
struct V2aGoldenTests {
    /// The keys of the 2022NewKrew detail capture (§3.4), in the order received.
    static let capturedDetailKeys = [
        "id", "vendor_id", "name", "thumbnail", "currency", "price", "description", "bargain_price",
        "discounted_price", "stock", "created_at", "issued_at",
        "images", "id", "url", "thumbnail_url", "succeed", "issued_at",
        "vendors", "name", "id", "created_at", "issued_at",
    ]

    @Test("page 1 with the mock's ten products has the mock's keys in the mock's order")
    func pageKeyOrder() throws {
        let server = try LiveServer(.v2a)
        for index in 0..<10 {
            _ = try server.createdProductID(params: LiveServer.params(name: "Test Product \(index)"))
        }
        let page = try server.request("GET", "/api/products?page_no=1&items_per_page=20")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "application/json")
        #expect(page.keyOrder == (try SpecSamples.keys("v2a-products.mock.json")))
    }

    @Test("a detail has the capture's keys in the capture's order")
    func detailKeyOrder() throws {
        let server = try LiveServer(.v2a)
        let id = try server.createdProductID()
        #expect(try server.request("GET", "/api/products/\(id)").keyOrder == Self.capturedDetailKeys)
    }

    @Test("the detail bytes: Java doubles, two-digit fractions of a second, one hex for origin and thumb")
    func detailBytes() throws {
        let server = try LiveServer(.v2a)
        let created = try server.createSpringProduct(
            params: LiveServer.params(price: "66666666", extra: #","discounted_price":"0.5","stock":"7""#),
            images: [("아이폰.jpg", SampleImages.jpeg())])
        #expect(created.status == 201)
        let folder = #"http://127\.0\.0\.1/training-resources/1"#
        let date = #""2024-02-07T00:00:00\.00""#
        let pattern = #"^\{"id":1,"vendor_id":1,"name":"사진 모음집","#
            + #""thumbnail":"\#(folder)/thumb/([0-9a-f]{32})\.jpg","currency":"KRW","price":6\.6666666E7,"#
            + #""description":"AI로 그린 사진 모음입니다","bargain_price":6\.66666655E7,"discounted_price":0\.5,"stock":7,"#
            + #""created_at":\#(date),"issued_at":\#(date),"#
            + #""images":\[\{"id":1,"url":"\#(folder)/origin/\1\.jpg","thumbnail_url":"\#(folder)/thumb/\1\.jpg","#
            + #""succeed":true,"issued_at":\#(date)\}\],"#
            + #""vendors":\{"name":"zhilly","id":1,"created_at":\#(date),"issued_at":\#(date)\}\}$"#
        #expect(created.text.range(of: pattern, options: .regularExpression) != nil, "\(created.text)")
    }

    @Test("list items carry neither vendorName nor description; prices are Java doubles even where the mock shows 0")
    func pageValues() throws {
        let server = try LiveServer(.v2a)
        for index in 0..<5 {
            _ = try server.createdProductID(params: LiveServer.params(name: "item \(index)", price: "0"))
        }
        let text = try server.request("GET", "/api/products?page_no=2&items_per_page=2").text
        #expect(text.hasPrefix(#"{"page_no":2,"items_per_page":2,"total_count":5,"offset":2,"limit":4,"pages":[{"id":3,"vendor_id":1,"name":"item 2","thumbnail":"http://127.0.0.1/training-resources/1/thumb/"#))
        #expect(text.contains(#".png","currency":"KRW","price":0.0,"bargain_price":0.0,"discounted_price":0.0,"stock":0,"created_at":"2024-02-07T00:00:00.00","issued_at":"2024-02-07T00:00:00.00"},{"id":2,"#))
        #expect(text.hasSuffix(#"}],"last_page":3,"has_next":true,"has_prev":true}"#))
        #expect(!text.contains("vendorName") && !text.contains("description"))
    }
}
