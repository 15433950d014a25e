/// The vendor of a product, from a ``ProductDetail``.
///
/// v2a servers also sent `created_at` and `issued_at`; they are ignored.
public struct Vendor: Sendable, Hashable, Codable {
    /// The vendor id, as in ``Product/vendorID``.
    public let id: Int
    /// The vendor's login name.
    public let name: String

    /// Creates a vendor value, e.g. for previews and tests.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}
