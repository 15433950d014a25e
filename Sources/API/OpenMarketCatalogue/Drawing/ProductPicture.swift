import OpenMarketWireFormat

/// One picture of a product as a shop shows it: the illustration on a soft backdrop, framed differently for each
/// picture of the same product (turned, nearer or farther, off centre, another backdrop).
struct ProductPicture: Sendable {
    /// Pixels on a side: sharp on a phone's list cell and detail page, and a few kilobytes as PNG.
    static let side = 400

    var kind: ProductKind
    var palette: ProductKind.Palette
    /// Which picture of the product (0 is the one the list shows); each gives another framing and backdrop.
    var variant: Int
    /// Varies the framing between products of the same kind.
    var seed: UInt64

    private static let backdrops: [(top: UInt32, bottom: UInt32)] = [
        (0xF4F1EA, 0xE2DCCF), (0xE8F1F8, 0xC9DCEB), (0xF8ECEC, 0xEACACA), (0xEEF6EA, 0xCFE3C6),
        (0xF3EEF8, 0xD9CCE8), (0xFFF6E0, 0xF1DDA8), (0xECEFF1, 0xCFD8DC),
    ]

    func pngBytes() -> [UInt8] {
        var random = SplitMix64(seed: seed &+ UInt64(variant) &* 0x9E37_79B9)
        let backdrop = Self.backdrops[(Int(seed % 7) + variant * 3) % Self.backdrops.count]
        var canvas = Canvas(width: Self.side, height: Self.side)
        canvas.fillBackdrop(top: Color(hex: backdrop.top), bottom: Color(hex: backdrop.bottom))
        let full = Float(Self.side)
        canvas.fill(Circle(center: Point(full / 2, full * 0.46), radius: full * 0.36), .solid(.white), opacity: 0.35)

        let zoom: Float = variant == 0 ? 0.9 : [1.0, 1.3, 0.75, 1.15][variant % 4]
        let angle = variant == 0 ? 0 : random.unit(in: -0.35...0.35)
        let shift = variant == 0 ? Point(0, 0) : Point(random.unit(in: -30...30), random.unit(in: -20...20))
        canvas.placement = .centered(side: Self.side, zoom: zoom, angle: angle, shift: shift)
        kind.draw(on: &canvas, palette)
        return canvas.pngBytes()
    }
}

/// The same build draws the same pictures: the sequence is fixed by its seed.
extension SplitMix64 {
    mutating func unit(in range: ClosedRange<Float>) -> Float {
        range.lowerBound + Float(next() >> 40) / Float(1 << 24) * (range.upperBound - range.lowerBound)
    }
}
