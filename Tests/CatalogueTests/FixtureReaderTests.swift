import Foundation
@testable import OpenMarketCatalogue
import OpenMarketHTTPTestSupport
import OpenMarketStore
import Testing

@Suite("fixture files")
struct FixtureReaderTests {
    private let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
        try Data(SampleImages.png).write(to: directory.url.appendingPathComponent("a.png"))
        try Data("not an image".utf8).write(to: directory.url.appendingPathComponent("notes.txt"))
    }

    private func read(_ json: String) throws(FixtureError) -> SeedCatalogue {
        let path = directory.path("fixture-\(UUID().uuidString).json")
        _ = FileManager.default.createFile(atPath: path, contents: Data(json.utf8))
        return try FixtureReader.read(path: path)
    }

    /// A valid product with `change` spliced in (keys replaced or added), as JSON text.
    private static func product(_ change: String = "") -> String {
        var members = [
            "\"vendor\"": "\"v\"", "\"name\"": "\"Mug\"", "\"description\"": "\"A mug.\"", "\"price\"": "1000",
            "\"currency\"": "\"KRW\"", "\"images\"": "[\"a.png\"]",
        ]
        for pair in change.split(separator: ";") where !pair.isEmpty {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            members[parts[0]] = parts.count > 1 ? parts[1] : nil
        }
        return "{" + members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
    }

    private func fixture(products: [String], vendors: String = #"[{"name": "V", "identifier": "v", "secret": "s"}]"#) -> String {
        #"{"vendors": \#(vendors), "products": [\#(products.joined(separator: ", "))]}"#
    }

    @Test("a valid fixture gives its vendors and products, images read relative to the file")
    func valid() throws {
        let catalogue = try read(fixture(products: [
            Self.product(), Self.product(#""id"=7;"stock"=3;"discountedPrice"=100;"registeredAt"="2024-03-04T09:00:00+09:00";"password"="pw""#),
        ]))
        #expect(catalogue.vendors == [VendorConfiguration(name: "V", identifier: "v", secret: "s")])
        #expect(catalogue.products.count == 2)
        #expect(catalogue.products[1].id == 7)
        #expect(catalogue.products[1].stock == 3)
        #expect(catalogue.products[1].registeredAt == 1_709_510_400)
        #expect(catalogue.products[0].images.first?.bytes == SampleImages.png)
        #expect(catalogue.products[0].images.first?.mediaType == "image/png")
        #expect(catalogue.products[0].images.first?.fileExtension == "png")
    }

    @Test("each mistake is named by its JSON path and what was expected", arguments: [
        (#"[products]"#, "not valid JSON at byte 1"),
        (#"{"items_": []}"#, #"expected an object with "products" (a fixture), "pages" (a v2 list page) or "items" (a v1 list page)"#),
        (#"{"products": {}}"#, "products: expected an array, found an object"),
        (#"{"products": [], "vendor": []}"#, "vendor: unknown key; expected one of vendors, products"),
        (#"{"products": [], "vendors": [{"name": "V", "identifier": "v"}]}"#, "vendors[0].secret: missing; it is required"),
        (#"{"products": [], "vendors": [{"name": "V", "identifier": "v", "secret": ""}]}"#, #"vendors[0].secret: expected a non-empty string, found """#),
        (#"{"products": [], "vendors": [{"name": "V", "identifier": "v", "secret": "s"}, {"name": "W", "identifier": "v", "secret": "t"}]}"#,
         #"vendors[1].identifier: "v" is already the identifier of vendors[0]"#),
        (#"{"products": [], "vendors": [{"name": "V", "identifier": "v\n", "secret": "s"}, {"name": "W", "identifier": "v\n", "secret": "t"}]}"#,
         #"vendors[1].identifier: "v\n" is already the identifier of vendors[0]"#),
    ])
    func documentMistakes(json: String, message: String) {
        #expect(throws: FixtureError.self) { try read(json) }
        do {
            _ = try read(json)
        } catch {
            #expect(error.description.hasSuffix(message) || error.description.contains(message), "\(error)")
        }
    }

    @Test("each mistake in a product is named by its JSON path and what was expected", arguments: [
        (#""price"="abc""#, #"products[1].price: expected a number, found "abc""#),
        (#""name""#, "products[1].name: missing; it is required"),
        (#""discounted_price"=1"#, "products[1].discounted_price: unknown key; expected one of id, vendor, name"),
        (#""stock"=-1"#, "products[1].stock: expected a whole number of at least 0, found -1"),
        (#""stock"=1.5"#, "products[1].stock: expected a whole number of at least 0, found 1.5"),
        (#""id"=0"#, "products[1].id: expected a whole number of at least 1, found 0"),
        (#""currency"="""#, #"products[1].currency: expected a non-empty string, found """#),
        (#""registeredAt"="yesterday""#, #"products[1].registeredAt: expected an ISO-8601 instant such as "2024-03-04T09:00:00+09:00" or Unix seconds, found "yesterday""#),
        (#""images"=[]"#, "products[1].images: expected at least one image, found an empty array"),
        (#""images"=["missing.png"]"#, "products[1].images[0]: cannot read"),
        (#""images"=["notes.txt"]"#, #"products[1].images[0]: "notes.txt" is not a JPEG, PNG, GIF or WebP image by its bytes"#),
        // What the file gives is quoted and cut short, so a refusal stays one short line (as Fuzz/run.sh fixture checks).
        (#""images"=["no\nsuch.png"]"#, #"products[1].images[0]: cannot read "no\nsuch.png"; image paths are relative"#),
        (#""pri\nce"=1"#, #"products[1]["pri\nce"]: unknown key; expected one of id, vendor, name"#),
        ("\"\(String(repeating: "k", count: 50))\"=1", #"products[1][""# + String(repeating: "k", count: 40) + #"…"]: unknown key"#),
        (#""images"=[{"path": "a.png", "originKey": "images/x.png"}]"#, #"products[1].images[0].thumbnailKey: missing; "originKey" needs "thumbnailKey" with it"#),
        (#""thumbnailImageID"=9"#, #"products[1].thumbnailImageID: 9 is not the "id" of one of this product's images"#),
    ])
    func productMistakes(change: String, message: String) {
        do {
            _ = try read(fixture(products: [Self.product(), Self.product(change)]))
            Issue.record("no error for \(change)")
        } catch {
            #expect(error.description.contains(message), "\(error)")
        }
    }

    @Test("the same id twice is refused at the second")
    func duplicateID() {
        #expect(throws: FixtureError("products[1].id", "7 is already the id of products[0]")) {
            try read(fixture(products: [Self.product(#""id"=7"#), Self.product(#""id"=7"#)]))
        }
    }

    @Test("on v2 every product needs a vendor of the fixture or a configured one")
    func vendors() throws {
        let catalogue = try read(fixture(products: [Self.product(), Self.product(#""vendor"="nobody""#), Self.product(#""vendor""#)]))
        #expect(throws: FixtureError("products[1].vendor", #""nobody" is not the identifier of a vendor in "vendors" or given with --vendor; known: v"#)) {
            try catalogue.checkVendors(configured: [])
        }
        let configured = VendorConfiguration(name: "N", identifier: "nobody", secret: "x")
        #expect(throws: FixtureError("products[2].vendor", "missing; on v2 a product belongs to a vendor: give its identifier")) {
            try catalogue.checkVendors(configured: [configured])
        }
    }

    /// Two items of the course's v1 mock page (the spec's samples/v1-items-page1.mock.json).
    static let v1Page = """
        {"page": 1, "items": [
          {"id": 1, "title": "MacBook Pro", "price": 1690, "currency": "USD", "stock": 0,
           "thumbnails": ["https://camp-open-market.s3.ap-northeast-2.amazonaws.com/thumbnails/1-1.png",
                          "https://camp-open-market.s3.ap-northeast-2.amazonaws.com/thumbnails/1-2.png"],
           "registration_date": 1611523563.7237701},
          {"id": 3, "title": "Mac mini", "price": 890000, "currency": "KRW", "stock": 90, "discounted_price": 89000,
           "thumbnails": ["https://camp-open-market.s3.ap-northeast-2.amazonaws.com/thumbnails/3-1.png"],
           "registration_date": 1611523563.7245178}]}
        """

    /// One item of a captured v2b page (the spec's samples/v2b-products-page2.captured.json).
    static let v2Page = """
        {"pageNo": 2, "itemsPerPage": 20, "totalCount": 1340, "pages": [
          {"id": 2283, "vendor_id": 9, "vendorName": "sixthVendor", "name": "777777777", "description": "777777777",
           "thumbnail": "https://s3.ap-northeast-2.amazonaws.com/media.yagom-academy.kr/training-resources/9/20230524/b1f58470f9f311ed8594610eccf6d6d5_thumb.jpg",
           "currency": "KRW", "price": 7777777.0, "bargain_price": 7777777.0, "discounted_price": 0.0, "stock": 1,
           "created_at": "2023-05-24T00:00:00", "issued_at": "2023-05-24T00:00:00"}]}
        """

    @Test("a v1 page of items is a fixture: one placeholder picture per thumbnail URL, the shared v1 password")
    func v1Page() throws {
        let catalogue = try read(Self.v1Page)
        #expect(catalogue.vendors.isEmpty)
        #expect(catalogue.products.map(\.id) == [1, 3])
        #expect(catalogue.products.map(\.images.count) == [2, 1])
        #expect(catalogue.products[1].discountedPrice == 89000)
        #expect(catalogue.products[0].registeredAt == 1611523563.7237701)
        #expect(catalogue.products.allSatisfy { $0.password == APIPageFixture.v1Password })
        #expect(try PNGInspection.size(catalogue.products[0].images[0].bytes) == (400, 400))
        #expect(catalogue.products[0].images[0].bytes != catalogue.products[0].images[1].bytes)
    }

    @Test("a v2 page is a fixture: its vendors get credentials, its day a time in Seoul")
    func v2Page() throws {
        let catalogue = try read(Self.v2Page)
        #expect(catalogue.vendors == [VendorConfiguration(name: "sixthVendor", identifier: "page-vendor-9", secret: "page-vendor-9-secret")])
        #expect(catalogue.products.first?.id == 2283)
        #expect(catalogue.products.first?.vendor == "page-vendor-9")
        #expect(catalogue.products.first?.registeredAt == 1_684_854_000)  // 2023-05-24T00:00:00+09:00
        #expect(catalogue.products.first?.images.count == 1)
    }
}
