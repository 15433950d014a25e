/// PNG's row filters: each row is stored as Sub (the difference from the pixel to the left) or Up (from the pixel
/// above), whichever gives the smaller sum of absolute differences, the heuristic the PNG specification suggests.
/// The backdrops change from row to row only and the drawings are flat or smoothly shaded colours, so rows become
/// runs of zeros and small numbers that even zlib's fastest level packs to a few kilobytes.
///
/// It touches every byte of every picture three times, so it works on raw pointers with plain comparisons: in a
/// debug build each array subscript and generic `min`/`max` is a function call, which made this the slowest part
/// of drawing the demo there.
enum PNGRowFilter {
    private static let bytesPerPixel = 3
    private static let sub: UInt8 = 1
    private static let up: UInt8 = 2

    /// `channels` holds `width * height * 3` values in 0...1; the result is PNG's filtered image data.
    static func filtered(_ channels: [Float], width: Int, height: Int) -> [UInt8] {
        let stride = width * bytesPerPixel
        var bytes = [UInt8](repeating: 0, count: stride * (height + 1))
        var output = [UInt8](repeating: 0, count: (stride + 1) * height)
        bytes.withUnsafeMutableBufferPointer { bytes in
            // Row 0 of `bytes` stays zero: the row "above" the first, as PNG's Up filter counts it.
            let rows = bytes.baseAddress! + stride
            channels.withUnsafeBufferPointer { channels in
                quantise(channels.baseAddress!, into: rows, count: stride * height)
            }
            output.withUnsafeMutableBufferPointer { output in
                for row in 0..<height {
                    let current = UnsafePointer(rows + row * stride)
                    let (left, above) = (current - bytesPerPixel, current - stride)
                    let target = output.baseAddress! + row * (stride + 1)
                    let usesSub = cost(current, minus: left, from: bytesPerPixel, stride) <= cost(current, minus: above, from: 0, stride)
                    target[0] = usesSub ? sub : up
                    write(current, minus: usesSub ? left : above, from: usesSub ? bytesPerPixel : 0, stride, to: target + 1)
                }
            }
        }
        return output
    }

    /// 0...1 to 0...255, rounded; values outside are clamped.
    private static func quantise(_ channels: UnsafePointer<Float>, into bytes: UnsafeMutablePointer<UInt8>, count: Int) {
        var index = 0
        while index < count {
            let value = channels[index]
            bytes[index] = UInt8((value < 0 ? 0 : value > 1 ? 1 : value) * 255 + 0.5)
            index += 1
        }
    }

    /// The sum of the absolute differences (as signed bytes) of `row` from `reference`, which counts as zero before
    /// index `first`.
    private static func cost(_ row: UnsafePointer<UInt8>, minus reference: UnsafePointer<UInt8>, from first: Int, _ count: Int) -> Int {
        var total = 0
        var index = 0
        while index < count {
            let difference = Int(Int8(bitPattern: index < first ? row[index] : row[index] &- reference[index]))
            total += difference < 0 ? -difference : difference
            index += 1
        }
        return total
    }

    private static func write(
        _ row: UnsafePointer<UInt8>, minus reference: UnsafePointer<UInt8>, from first: Int, _ count: Int,
        to target: UnsafeMutablePointer<UInt8>
    ) {
        var index = 0
        while index < count {
            target[index] = index < first ? row[index] : row[index] &- reference[index]
            index += 1
        }
    }
}
