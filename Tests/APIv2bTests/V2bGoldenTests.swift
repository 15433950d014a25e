import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Our bytes against the real server's captures in Tests/Fixtures.
@Suite("v2b golden shapes")
struct V2bGoldenTests {
    @Test("a detail with three images has the capture's keys in the capture's order")
    func detailKeyOrder() throws {
        let server = try LiveServer(.v2b)
        let images = (1...3).map { ("photo\($0).png", SampleImages.png) }
        let id = try server.createdProductID(images: images)
        let detail = try server.request("GET", "/api/products/\(id)")
        #expect(detail.status == 200)
        #expect(detail.header("Content-Type") == "application/json")
        #expect(detail.keyOrder == (try SpecSamples.keys("v2b-product-2456.captured.json")))
    }

    @Test("page 2 of 20 has the capture's keys in the capture's order")
    func pageKeyOrder() throws {
        let server = try LiveServer(.v2b)
        for index in 0..<41 {
            _ = try server.createdProductID(params: LiveServer.params(name: "product \(index)"))
        }
        let page = try server.request("GET", "/api/products?page_no=2&items_per_page=20")
        #expect(page.status == 200)
        #expect(page.keyOrder == (try SpecSamples.keys("v2b-products-page2.captured.json")))
    }

    @Test("the detail bytes are exactly the real server's format")
    func detailBytes() throws {
        let server = try LiveServer(.v2b)
        let created = try server.createSpringProduct(
            params: LiveServer.params(price: "66666666", extra: #","discounted_price":"0.5","stock":"7""#))
        #expect(created.status == 201)
        let text = created.text
        let image = #"http://127\.0\.0\.1/training-resources/1/20240207/[0-9a-f]{32}"#
        let pattern = #"^\{"id":1,"vendor_id":1,"name":"사진 모음집","description":"AI로 그린 사진 모음입니다","#
            + #""thumbnail":"(\#(image)_thumb\.png)","currency":"KRW","price":6\.6666666E7,"#
            + #""bargain_price":6\.66666655E7,"discounted_price":0\.5,"stock":7,"#
            + #""created_at":"2024-02-07T00:00:00","issued_at":"2024-02-07T00:00:00","#
            + #""images":\[\{"id":1,"url":"\#(image)_origin\.png","thumbnail_url":"\#(image)_thumb\.png","#
            + #""issued_at":"2024-02-07T00:00:00"\}\],"vendors":\{"id":1,"name":"zhilly"\}\}$"#
        #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(text)")
    }

    @Test("the list item carries vendorName and description; the page numbers follow the real formulas")
    func pageValues() throws {
        let server = try LiveServer(.v2b)
        for index in 0..<5 {
            _ = try server.createdProductID(params: LiveServer.params(name: "item \(index)"))
        }
        let page = try server.request("GET", "/api/products?page_no=2&items_per_page=2")
        let text = page.text
        #expect(text.hasPrefix(#"{"pageNo":2,"itemsPerPage":2,"totalCount":5,"offset":2,"limit":4,"lastPage":3,"hasNext":true,"hasPrev":true,"pages":[{"id":3,"vendor_id":1,"vendorName":"zhilly","name":"item 2","description":"AI로 그린 사진 모음입니다","thumbnail":"http://127.0.0.1/training-resources/1/20240207/"#))
        #expect(text.contains(#""currency":"KRW","price":1000.0,"bargain_price":1000.0,"discounted_price":0.0,"stock":0,"created_at":"2024-02-07T00:00:00","issued_at":"2024-02-07T00:00:00"},{"id":2,"#))
    }
}
