import WireFormat

/// What seed data needs to know of the generation it is for; the one place it knows them.
///
/// Image keys follow the generation's layout but are derived from the product's id and the image's position
/// instead of the clock or a random source, so every start of the same seed serves its images at the same URLs.
public enum SeedGeneration: Sendable {
    /// `training-resources/{vendor}/{yyyyMMdd}/{hex}_origin.{ext}` and `..._thumb.{ext}`.
    case v2b
    /// `training-resources/{vendor}/origin/{hex}.{ext}` and `.../thumb/{hex}.{ext}`.
    case v2a
    /// `images/{UUID}.png` and `thumbnails/{UUID}.png`.
    case v1

    public init?(generation name: String) {
        switch name {
        case "v2b": self = .v2b
        case "v2a": self = .v2a
        case "v1b", "v1a": self = .v1
        default: return nil
        }
    }

    /// v2's `discounted_price` is the amount taken off (`bargain_price` = price − it); v1's is the sale price.
    public var discountIsAmountOff: Bool {
        self != .v1
    }

    func keys(productID: Int64, position: Int, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        var random = SplitMix64(seed: UInt64(bitPattern: productID) << 8 | UInt64(position & 0xFF))
        let uuid = UUIDValue(high: random.next(), low: random.next())
        let suffix = fileExtension.map { ".\($0)" } ?? ""
        switch self {
        case .v2b:
            let folder = "training-resources/\(vendorID ?? 0)/\(SeoulDate(unixSeconds: registeredAt).compact)"
            let thumbnail = UUIDValue(high: uuid.high &+ 1, low: uuid.low)
            return ("\(folder)/\(uuid.lowercaseHex)_origin\(suffix)", "\(folder)/\(thumbnail.lowercaseHex)_thumb\(suffix)")
        case .v2a:
            let folder = "training-resources/\(vendorID ?? 0)"
            return ("\(folder)/origin/\(uuid.lowercaseHex)\(suffix)", "\(folder)/thumb/\(uuid.lowercaseHex)\(suffix)")
        case .v1:
            return ("images/\(uuid.uppercaseDashed).png", "thumbnails/\(uuid.uppercaseDashed).png")
        }
    }

    /// v2a's product secret, a dashed UUID like the real one, derived from the id.
    static func secret(productID: Int64) -> String {
        var random = SplitMix64(seed: ~UInt64(bitPattern: productID))
        return UUIDValue(high: random.next(), low: random.next()).lowercaseDashed
    }
}
