package import OpenMarketWireFormat

/// What seed data needs to know of the generation it is for, given by the generation (`Generation.seedGeneration`
/// in OpenMarketEmulatorCore, from its values): where it keeps its images and how it reads a discount.
///
/// Image keys follow the generation's layout but their ids are derived from the product's id and the image's
/// position instead of the clock or a random source, so every start of the same seed serves its images at the same
/// URLs.
package struct SeedGeneration: Sendable {
    package let imageKeys: any ImageKeyLayout
    /// v2's `discounted_price` is the amount taken off (`bargain_price` = price − it); v1's is the sale price.
    package let discountIsAmountOff: Bool

    package init(imageKeys: any ImageKeyLayout, discountIsAmountOff: Bool) {
        self.imageKeys = imageKeys
        self.discountIsAmountOff = discountIsAmountOff
    }

    func keys(productID: Int64, position: Int, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        imageKeys.keys(
            ids: SeedImageIDs(productID: productID, position: position), vendorID: vendorID, registeredAt: registeredAt,
            fileExtension: fileExtension)
    }

    /// v2a's product secret, a dashed UUID like the real one, derived from the id.
    static func secret(productID: Int64) -> String {
        var random = SplitMix64(seed: ~UInt64(bitPattern: productID))
        return UUIDValue(high: random.next(), low: random.next()).lowercaseDashed
    }
}

/// One id per image, drawn from its product's id and its position, in each form a layout asks for.
private struct SeedImageIDs: ImageIDSource {
    let uuid: UUIDValue

    init(productID: Int64, position: Int) {
        var random = SplitMix64(seed: UInt64(bitPattern: productID) << 8 | UInt64(position & 0xFF))
        uuid = UUIDValue(high: random.next(), low: random.next())
    }

    func timeHex() -> String {
        uuid.lowercaseHex
    }

    func consecutiveTimeHexPair() -> (first: String, second: String) {
        (uuid.lowercaseHex, UUIDValue(high: uuid.high &+ 1, low: uuid.low).lowercaseHex)
    }

    func uppercaseRandomUUID() -> String {
        uuid.uppercaseDashed
    }
}
