/// Small pictures for tests to insert and upload (`OpenMarketEmulator.samplePNG` and `sampleJPEG`): 16 × 16 pixels
/// of one colour, the same colour in both formats for the same index, each index a different picture. A comment in
/// each file names its index, so no two indices give the same bytes even where their colours come close.
package enum SamplePictures {
    static let side = 16

    package static func png(_ index: Int) -> [UInt8] {
        let (red, green, blue) = color(index)
        var canvas = Canvas(width: side, height: side)
        let color = Color(red: Float(red) / 255, green: Float(green) / 255, blue: Float(blue) / 255)
        canvas.fillBackdrop(top: color, bottom: color)
        return canvas.pngBytes(comment: comment(index))
    }

    package static func jpeg(_ index: Int) -> [UInt8] {
        let (red, green, blue) = color(index)
        return SolidColorJPEG.encode(
            red: red, green: green, blue: blue, width: side, height: side, comment: comment(index))
    }

    private static func comment(_ index: Int) -> String {
        "OpenMarket sample picture \(index)"
    }

    /// A bright, fairly saturated colour whose hue turns by the golden ratio from one index to the next (a Weyl
    /// sequence), so neighbouring indices look clearly different.
    static func color(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let turn = UInt64(bitPattern: Int64(index)) &* 0x9E37_79B9_7F4A_7C15
        let hue = Double(turn >> 11) / Double(1 << 53) * 6
        let (saturation, value) = (0.6, 0.85)
        let sector = Int(hue)
        let fraction = hue - Double(sector)
        let (low, falling, rising) = (
            value * (1 - saturation), value * (1 - saturation * fraction), value * (1 - saturation * (1 - fraction))
        )
        let (r, g, b): (Double, Double, Double) =
            switch sector {
            case 0: (value, rising, low)
            case 1: (falling, value, low)
            case 2: (low, value, rising)
            case 3: (low, falling, value)
            case 4: (rising, low, value)
            default: (value, low, falling)
            }
        return (UInt8((r * 255).rounded()), UInt8((g * 255).rounded()), UInt8((b * 255).rounded()))
    }
}
