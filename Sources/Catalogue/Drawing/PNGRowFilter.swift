/// PNG's Sub filter on every row: each byte is stored as its difference from the byte one pixel to the left.
/// The backdrops change from row to row only, and the drawings are flat or smoothly shaded colours, so rows
/// become runs of zeros and small numbers that zlib packs to a few kilobytes. One fixed filter keeps this a
/// single pass, which matters in debug builds, where the demo catalogue is drawn too.
enum PNGRowFilter {
    private static let bytesPerPixel = 3
    private static let sub: UInt8 = 1

    /// `channels` holds `width * height * 3` values in 0...1; the result is PNG's filtered image data.
    static func filtered(_ channels: [Float], width: Int, height: Int) -> [UInt8] {
        let stride = width * bytesPerPixel
        var output = [UInt8](repeating: 0, count: (stride + 1) * height)
        output.withUnsafeMutableBufferPointer { output in
            channels.withUnsafeBufferPointer { channels in
                guard var target = output.baseAddress, var source = channels.baseAddress else { return }
                for _ in 0..<height {
                    target.pointee = sub
                    target += 1
                    var left: (UInt8, UInt8, UInt8) = (0, 0, 0)
                    for _ in 0..<width {
                        let pixel = (byte(source[0]), byte(source[1]), byte(source[2]))
                        target[0] = pixel.0 &- left.0
                        target[1] = pixel.1 &- left.1
                        target[2] = pixel.2 &- left.2
                        left = pixel
                        target += bytesPerPixel
                        source += bytesPerPixel
                    }
                }
            }
        }
        return output
    }

    private static func byte(_ channel: Float) -> UInt8 {
        UInt8(min(max(channel, 0), 1) * 255 + 0.5)
    }
}
