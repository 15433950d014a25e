/// PNG's row filters: each row is stored as Sub (the difference from the pixel to the left) or Up (from the pixel
/// above), whichever gives the smaller sum of absolute differences, the heuristic the PNG specification suggests.
/// The backdrops change from row to row only and the drawings are flat or smoothly shaded colours, so rows become
/// runs of zeros and small numbers that even zlib's fastest level packs to a few kilobytes.
enum PNGRowFilter {
    private static let bytesPerPixel = 3
    private static let sub: UInt8 = 1
    private static let up: UInt8 = 2

    /// `channels` holds `width * height * 3` values in 0...1; the result is PNG's filtered image data.
    static func filtered(_ channels: [Float], width: Int, height: Int) -> [UInt8] {
        let stride = width * bytesPerPixel
        let bytes = channels.map { UInt8(min(max($0, 0), 1) * 255 + 0.5) }
        var output = [UInt8](repeating: 0, count: (stride + 1) * height)
        var subRow = [UInt8](repeating: 0, count: stride)
        var upRow = [UInt8](repeating: 0, count: stride)
        for row in 0..<height {
            let start = row * stride
            var subCost = 0
            var upCost = 0
            for index in 0..<stride {
                let current = bytes[start + index]
                subRow[index] = current &- (index >= bytesPerPixel ? bytes[start + index - bytesPerPixel] : 0)
                upRow[index] = current &- (row > 0 ? bytes[start + index - stride] : 0)
                subCost += Int(Int8(bitPattern: subRow[index]).magnitude)
                upCost += Int(Int8(bitPattern: upRow[index]).magnitude)
            }
            let target = row * (stride + 1)
            output[target] = subCost <= upCost ? sub : up
            output.replaceSubrange(target + 1...target + stride, with: subCost <= upCost ? subRow : upRow)
        }
        return output
    }
}
