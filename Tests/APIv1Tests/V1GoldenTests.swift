import Foundation
import OpenMarketAPI
import OpenMarketAPITestSupport
import OpenMarketHTTPTestSupport
import Testing

/// Our bytes against the course's v1 mock and the shapes of docs/wire-format.md §2.2.
@Suite("v1 golden shapes")
struct V1GoldenTests {
    static let uuid = "[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}"

    @Test("page 1 of 20 items has the mock's keys in the mock's order, discounts where the mock has them")
    func pageKeyOrder() throws {
        let sample = try SpecSamples.json("v1-items-page1.mock.json")
        let sampleItems = sample["items"] as? [[String: Any]] ?? []
        #expect(sampleItems.count == 20)
        let server = try LiveServer(.v1b)
        for item in sampleItems {
            let discount = (item["discounted_price"] as? Int).map(String.init)
            let images = LiveServer.imageFiles(Array(repeating: SampleImages.png, count: (item["thumbnails"] as? [Any])?.count ?? 1))
            _ = try server.createdItemID(fields: LiveServer.itemFields(discountedPrice: discount), images: images)
        }
        _ = try server.createdItemID()  // the 21st goes to page 2
        let page = try server.request("GET", "/items/1")
        #expect(page.status == 200)
        #expect(page.header("Content-Type") == "application/json; charset=utf-8")
        #expect(page.keyOrder == (try SpecSamples.keys("v1-items-page1.mock.json")))
        let thumbnails = (page.json["items"] as? [[String: Any]] ?? []).map { ($0["thumbnails"] as? [String])?.count }
        #expect(thumbnails == sampleItems.map { ($0["thumbnails"] as? [Any])?.count })
    }

    @Test("the detail bytes: integers, the same UUID in the thumbnail and image URL, Unix seconds")
    func detailBytes() throws {
        let server = try LiveServer(.v1b, now: 1_611_523_563.7237701)
        let created = try server.createItem(fields: LiveServer.itemFields(stock: "1000000000000", discountedPrice: "1500"))
        #expect(created.status == 200)
        let pattern = #"^\{"id":1,"title":"MacBook Pro","descriptions":"맥북 프로 M1, 거의 새것","price":1690,"#
            + #""currency":"USD","stock":1000000000000,"discounted_price":1500,"#
            + #""thumbnails":\["http://127\.0\.0\.1/thumbnails/(\#(Self.uuid))\.png"\],"#
            + #""images":\["http://127\.0\.0\.1/images/\1\.png"\],"registration_date":1611523563\.7237701\}$"#
        #expect(created.text.range(of: pattern, options: .regularExpression) != nil, "\(created.text)")
        #expect(try server.request("GET", "/item/1").text == created.text)
    }

    @Test("a list item has no descriptions and no images; no discount means no discounted_price key")
    func listItemBytes() throws {
        let server = try LiveServer(.v1b)
        _ = try server.createdItemID(images: LiveServer.imageFiles([SampleImages.png, SampleImages.gif]))
        let text = try server.request("GET", "/items/1").text
        let pattern = #"^\{"page":1,"items":\[\{"id":1,"title":"MacBook Pro","price":1690,"currency":"USD","stock":3,"#
            + #""thumbnails":\["http://127\.0\.0\.1/thumbnails/\#(Self.uuid)\.png","http://127\.0\.0\.1/thumbnails/\#(Self.uuid)\.png"\],"#
            + #""registration_date":1707274800\.0\}\]\}$"#
        #expect(text.range(of: pattern, options: .regularExpression) != nil, "\(text)")
    }
}
