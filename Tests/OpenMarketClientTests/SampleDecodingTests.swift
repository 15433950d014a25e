import Foundation
import OpenMarketClient
import OpenMarketTestFixtures
import Testing

/// The fixtures are real server bytes (or the course's mock), so the models must accept them.
@Suite struct SampleDecodingTests {
    @Test func findsTheV2Samples() throws {
        #expect(try Fixtures.names(startingWith: "v2").count >= 3)
    }

    @Test(arguments: try Fixtures.names(startingWith: "v2"))
    func decodesEveryV2Sample(named name: String) throws {
        let data = try Fixtures.data(name)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        if object["pages"] != nil {
            let page = try JSONDecoder().decode(ProductPage.self, from: data)
            #expect(page.products.count == (object["pages"] as? [Any])?.count)
        } else {
            let detail = try JSONDecoder().decode(ProductDetail.self, from: data)
            #expect(detail.id == object["id"] as? Int)
        }
    }

    @Test func v2bPageHasCamelCasePageFieldsAndJavaDoubles() throws {
        let page = try JSONDecoder().decode(ProductPage.self, from: Fixtures.data("v2b-products-page2.captured.json"))
        #expect(page.pageNumber == 2)
        #expect(page.itemsPerPage == 20)
        #expect(page.totalCount == 1340)
        #expect(page.offset == 20)
        #expect(page.limit == 40)
        #expect(page.lastPage == 67)
        #expect(page.hasNext && page.hasPrevious)
        #expect(page.products.map(\.id).prefix(3) == [2283, 2282, 2281])
        #expect(page.products[1].price == 66_666_666)
        #expect(page.products[5].price == 2_222_222_222)
    }

    @Test func v2bListItemHasVendorNameDescriptionAndDiscount() throws {
        let page = try JSONDecoder().decode(ProductPage.self, from: Fixtures.data("v2b-products-page2.captured.json"))
        let iMac = try #require(page.products.first { $0.id == 2252 })
        #expect(iMac.vendorName == "junho15")
        #expect(iMac.vendorID == 54)
        #expect(iMac.name == " iMac")
        #expect(iMac.currency == .krw)
        #expect(iMac.price == 1_790_000)
        #expect(iMac.discountedPrice == 50_000)
        #expect(iMac.bargainPrice == 1_740_000)
        #expect(iMac.stock == 50)
        #expect(iMac.createdAt == ServerDateTime(year: 2023, month: 5, day: 12))
        #expect(page.products[0].description == "777777777")
        #expect(page.products[0].thumbnailURL.absoluteString.hasSuffix("/9/20230524/b1f58470f9f311ed8594610eccf6d6d5_thumb.jpg"))
    }

    @Test func v2bDetailHasImagesAndVendor() throws {
        let detail = try JSONDecoder().decode(ProductDetail.self, from: Fixtures.data("v2b-product-2456.captured.json"))
        #expect(detail.id == 2456)
        #expect(detail.name == "사진 모음집")
        #expect(detail.description == "AI로 그린 사진 모음입니다")
        #expect(detail.price == 1000)
        #expect(detail.stock == 0)
        #expect(detail.images.map(\.id) == [3341, 3342, 3343])
        #expect(detail.images[0].thumbnailURL == detail.thumbnailURL)
        #expect(detail.images[2].url.lastPathComponent == "b601555dc59a11eeaa7e4916002ead3a_origin.png")
        #expect(detail.images[0].issuedAt == ServerDateTime(year: 2024, month: 2, day: 7))
        #expect(detail.vendor == Vendor(id: 48, name: "zhilly"))
    }

    @Test func v2aMockPageUsesSnakeCaseKeysAndHasNoVendorName() throws {
        let page = try JSONDecoder().decode(ProductPage.self, from: Fixtures.data("v2a-products.mock.json"))
        #expect(page.pageNumber == 1)
        #expect(page.itemsPerPage == 20)
        #expect(page.totalCount == 10)
        #expect(page.lastPage == 1)
        #expect(!page.hasNext && !page.hasPrevious)
        #expect(page.products.map(\.id) == [20, 19, 18, 17, 16, 15, 13, 4, 3, 2])
        #expect(page.products[4].name == "팥빙수")
        #expect(page.products[4].price == 2000)
        #expect(page.products[4].vendorName == nil)
        #expect(page.products[4].description == "")
        #expect(page.products[4].createdAt == ServerDateTime(year: 2022, month: 1, day: 3))
    }

    /// The v2a detail capture quoted in docs/wire-format.md §3.4: `succeed` in images, a vendor with dates.
    @Test func decodesV2aDetailShape() throws {
        let json = """
            {"id": 522, "vendor_id": 6, "name": "아이폰13",
             "thumbnail": "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/6/thumb/f9aa.jpg",
             "currency": "KRW", "price": 1300000, "description": "비싸", "bargain_price": 1300000,
             "discounted_price": 0, "stock": 12,
             "created_at": "2022-01-18T00:00:00.00", "issued_at": "2022-01-18T00:00:00.00",
             "images": [{"id": 352,
               "url": "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/6/origin/f9aa.jpg",
               "thumbnail_url": "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/6/thumb/f9aa.jpg",
               "succeed": true, "issued_at": "2022-01-18T00:00:00.00"}],
             "vendors": {"name": "제인", "id": 6, "created_at": "2022-01-10T00:00:00.00", "issued_at": "2022-01-10T00:00:00.00"}}
            """
        let detail = try JSONDecoder().decode(ProductDetail.self, from: Data(json.utf8))
        #expect(detail.id == 522)
        #expect(detail.images.map(\.id) == [352])
        #expect(detail.vendor == Vendor(id: 6, name: "제인"))
        #expect(detail.issuedAt == ServerDateTime(year: 2022, month: 1, day: 18))
    }

    @Test func encodingRoundTripsTheSamples() throws {
        let pageData = try Fixtures.data("v2b-products-page2.captured.json")
        let page = try JSONDecoder().decode(ProductPage.self, from: pageData)
        #expect(try JSONDecoder().decode(ProductPage.self, from: JSONEncoder().encode(page)) == page)
        let detail = try JSONDecoder().decode(ProductDetail.self, from: Fixtures.data("v2b-product-2456.captured.json"))
        #expect(try JSONDecoder().decode(ProductDetail.self, from: JSONEncoder().encode(detail)) == detail)
    }

    @Test func encodesTheV2bWireKeys() throws {
        let detail = try JSONDecoder().decode(ProductDetail.self, from: Fixtures.data("v2b-product-2456.captured.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(detail)) as? [String: Any])
        #expect(Set(object.keys) == [
            "id", "vendor_id", "name", "description", "thumbnail", "currency", "price", "bargain_price",
            "discounted_price", "stock", "created_at", "issued_at", "images", "vendors",
        ])
        #expect(object["created_at"] as? String == "2024-02-07T00:00:00")
        let v2aPage = try JSONDecoder().decode(ProductPage.self, from: Fixtures.data("v2a-products.mock.json"))
        let pageObject = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(v2aPage)) as? [String: Any])
        #expect(Set(pageObject.keys) == [
            "pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage", "hasNext", "hasPrev", "pages",
        ])
    }
}
