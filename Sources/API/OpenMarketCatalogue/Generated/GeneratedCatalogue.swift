package import OpenMarketStore
import OpenMarketWireFormat

/// `--seed generated:N`: N products as large a list as a whole cohort made, the same on every run and machine.
/// Product n (from 1) is drawn from a SplitMix64 seeded with n alone, so any product can be made without the
/// others, and a million are written one at a time without being held at once. Names and descriptions say what
/// a product is in Korean and English; one product in five of each kind (`kinds`), so a search for a kind's word
/// finds a fifth of the list. The demo's sellers sell them and the demo's drawn pictures show them, each picture
/// stored once however many products show it.
package enum GeneratedCatalogue {
    package static let counts = 1...1_000_000

    /// The five kinds, in Korean and English, taken in turn: product n is of kind (n - 1) % 5.
    package static let kinds = [("키보드", "Keyboard"), ("머그컵", "Mug"), ("의자", "Chair"), ("백팩", "Backpack"), ("조명", "Lamp")]
    static let colours = [
        ("민트", "Mint"), ("코랄", "Coral"), ("네이비", "Navy"), ("아이보리", "Ivory"), ("올리브", "Olive"),
        ("버건디", "Burgundy"), ("그레이", "Grey"),
    ]
    static let styles = [("무선", "Wireless"), ("미니", "Mini"), ("클래식", "Classic"), ("소프트", "Soft"), ("빈티지", "Vintage")]
    /// 2024-03-04 09:00 in Seoul, then a product a minute.
    static let firstRegistration: Double = 1_709_510_400
    static let registrationInterval: Double = 60
    /// Image ids are the product's id times this plus the position, so any product's are known without the others.
    static let imageIDStride: Int64 = 4

    package static var vendors: [VendorConfiguration] { DemoVendors.all }

    /// The rows of `count` products for `generation`, with the store ids of the vendors (`vendorIDs`, by identifier;
    /// empty on v1). As in the demo, a product's v1 password is its seller's secret. `pictures` are the demo's, drawn once per
    /// build.
    package static func rows(
        count: Int, vendorIDs: [String: Int64], generation: SeedGeneration,
        pictures: [[UInt8]] = DemoPictures.shared.flatMap { $0 }
    ) -> SeedRows {
        SeedRows(count: count, sharedPictures: pictures) { index in
            row(Int64(index + 1), vendorIDs: vendorIDs, generation: generation, pictures: pictures)
        }
    }

    private static func row(_ id: Int64, vendorIDs: [String: Int64], generation: SeedGeneration, pictures: [[UInt8]])
        -> SeededProduct
    {
        var random = SplitMix64(seed: UInt64(id))
        func draw(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let kind = kinds[Int((id - 1) % Int64(kinds.count))]
        let colour = colours[draw(colours.count)]
        let style = styles[draw(styles.count)]
        let vendor = vendors[Int((id - 1) / 5 % Int64(vendors.count))]
        let usesDollars = vendor.identifier == DemoVendors.brooklyn.identifier
        // In cents and won, so that a price and its discount are whole amounts (12.99, not 12.990000000000002).
        let unit: Double = usesDollars ? 100 : 1
        let price = usesDollars ? draw(200) * 100 + 199 : (draw(300) + 5) * 1_000
        let percentOff = draw(3) == 0 ? 10 + draw(5) * 5 : nil
        let salePrice = percentOff.map { percentOff in
            usesDollars ? (price * (100 - percentOff) + 50) / 100 : (price * (100 - percentOff) / 100 + 50) / 100 * 100
        }
        let stock = draw(10) == 0 ? 0 : Int64(draw(50) + 1)
        let fields = ProductFields(
            name: "\(style.0) \(colour.0) \(kind.0) \(style.1) \(colour.1) \(kind.1) \(id)",
            description: "\(colour.0) 색상의 \(style.0) \(kind.0)입니다. 모델 번호 \(id).\n"
                + "A \(style.1.lowercased()) \(kind.1.lowercased()) in \(colour.1.lowercased()), model \(id).",
            price: Double(price) / unit, currency: usesDollars ? "USD" : "KRW",
            discountedPrice: salePrice.map { Double(generation.discountIsAmountOff ? price - $0 : $0) / unit },
            stock: stock)
        let registeredAt = firstRegistration + Double(id - 1) * registrationInterval
        let vendorID = vendorIDs[vendor.identifier]
        let images = (0..<(1 + draw(3))).map { position in
            let picture = draw(pictures.count)
            let keys = generation.keys(
                productID: id, position: position, vendorID: vendorID, registeredAt: registeredAt, fileExtension: "png")
            return SeededImage(
                id: id * imageIDStride + Int64(position),
                image: NewImage(
                    bytes: pictures[picture], mediaType: "image/png", fileExtension: "png", originKey: keys.origin,
                    thumbnailKey: keys.thumbnail),
                sharedPicture: picture)
        }
        let product = NewProduct(
            vendorID: vendorID, fields: fields, registeredAt: registeredAt,
            password: vendor.secret,
            productSecret: SeedGeneration.secret(productID: id))
        return SeededProduct(id: id, product: product, images: images, thumbnailImageID: nil)
    }

}
