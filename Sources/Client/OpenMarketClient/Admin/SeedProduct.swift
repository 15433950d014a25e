public import Foundation

/// The name apps use; the type lives in `OpenMarketAdmin`, where a module with a `SeedProduct` of its own (as
/// `OpenMarketEmulator`, whose `SeedProduct` is this one) can still name it.
public typealias SeedProduct = OpenMarketAdmin.SeedProduct

extension OpenMarketAdmin {
    /// A product to add with ``OpenMarketAdmin/insert(_:allowingWhatTheAPIRefuses:)``, exactly as a test expects
    /// it: its id, its words, its secret and its pictures. It holds them in v2's words: on v1 `name` is the title,
    /// `description` the descriptions, `secret` the item's password (required there) and `discountedPrice` the sale
    /// price (0: none); on v2a `secret` is the product's own secret (nil: one derived from the id). `vendor` is a
    /// configured vendor's identifier (nil: the first configured).
    ///
    /// A v1 test can use v1's words instead: ``init(id:title:descriptions:price:currency:discountedPrice:stock:password:images:registeredAt:)``,
    /// and ``title``, ``descriptions``, ``password`` and ``registeredAt`` (a fixture file's word), which read and
    /// write the same values. Every property can be set after the fact, so a test need not give the labels in order:
    ///
    /// ```swift
    /// var item = SeedProduct(title: "MacBook Pro", price: 1_690_000, password: "1234", images: [png])
    /// item.id = 392
    /// item.stock = 3
    /// ```
    public struct SeedProduct: Sendable, Hashable, Encodable {
        /// nil: the next free id.
        public var id: Int?
        public var name: String
        public var description: String
        public var price: Double
        public var currency: String
        public var discountedPrice: Double
        public var stock: Int
        public var vendor: String?
        public var secret: String?
        /// JPEG, PNG, GIF or WebP bytes, at least one; sent in Base64.
        public var images: [Data]
        /// nil: the time of the insert. Sent as unix seconds, so it arrives unrounded.
        public var createdAt: Date?

        public init(
            id: Int? = nil, name: String, description: String = "", price: Double, currency: String = "KRW",
            discountedPrice: Double = 0, stock: Int = 0, vendor: String? = nil, secret: String? = nil, images: [Data],
            createdAt: Date? = nil
        ) {
            self.id = id
            self.name = name
            self.description = description
            self.price = price
            self.currency = currency
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.vendor = vendor
            self.secret = secret
            self.images = images
            self.createdAt = createdAt
        }

        /// A v1 item in v1's words (the API's `title`, `descriptions` and `password`; `registeredAt` as a fixture
        /// file says it), for v1a and v1b. `discountedPrice` is the sale price, 0 for none.
        public init(
            id: Int? = nil, title: String, descriptions: String = "", price: Double, currency: String = "KRW",
            discountedPrice: Double = 0, stock: Int = 0, password: String, images: [Data], registeredAt: Date? = nil
        ) {
            self.init(
                id: id, name: title, description: descriptions, price: price, currency: currency,
                discountedPrice: discountedPrice, stock: stock, secret: password, images: images, createdAt: registeredAt)
        }

        /// v1's word for ``name``.
        public var title: String {
            get { name }
            set { name = newValue }
        }

        /// v1's word for ``description``.
        public var descriptions: String {
            get { description }
            set { description = newValue }
        }

        /// v1's word for ``secret``: the item's password, which its PATCH and DELETE take.
        public var password: String? {
            get { secret }
            set { secret = newValue }
        }

        /// A fixture file's word for ``createdAt``: nil is the time of the insert.
        public var registeredAt: Date? {
            get { createdAt }
            set { createdAt = newValue }
        }

        private enum CodingKeys: String, CodingKey {
            case id, name, description, price, currency, discountedPrice, stock, vendor, secret, images, createdAt
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(description, forKey: .description)
            try container.encode(price, forKey: .price)
            try container.encode(currency, forKey: .currency)
            try container.encode(discountedPrice, forKey: .discountedPrice)
            try container.encode(stock, forKey: .stock)
            try container.encodeIfPresent(vendor, forKey: .vendor)
            try container.encodeIfPresent(secret, forKey: .secret)
            try container.encode(images.map { $0.base64EncodedString() }, forKey: .images)
            try container.encodeIfPresent(createdAt?.timeIntervalSince1970, forKey: .createdAt)
        }
    }
}
