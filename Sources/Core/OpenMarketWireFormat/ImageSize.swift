/// Width and height read from an image's header bytes, for people looking at an upload (`openmarket explain`).
package enum ImageSize {
    /// For example `PNG 400×400` (the format alone when the header gives no size); nil when the bytes are no image
    /// the API accepts.
    package static func summary(of bytes: [UInt8]) -> String? {
        guard let mediaType = ImageSniffer.mediaType(of: bytes) else { return nil }
        let format = mediaType.dropFirst("image/".count).uppercased()
        let size = dimensions(of: bytes, mediaType: mediaType).map { " \($0.width)×\($0.height)" } ?? ""
        return format + size
    }

    static func dimensions(of bytes: [UInt8], mediaType: String) -> (width: Int, height: Int)? {
        switch mediaType {
        case "image/png" where bytes.count >= 24:
            // IHDR is the first chunk: width and height big-endian at 16 and 20.
            return (bigEndian(bytes, 16, 4), bigEndian(bytes, 20, 4))
        case "image/gif" where bytes.count >= 10:
            return (Int(bytes[6]) | Int(bytes[7]) << 8, Int(bytes[8]) | Int(bytes[9]) << 8)
        case "image/jpeg":
            return jpegDimensions(bytes)
        default:
            return nil
        }
    }

    /// Walks the segments to the first start-of-frame marker, which holds height then width.
    private static func jpegDimensions(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 <= bytes.count, bytes[index] == 0xFF {
            let marker = bytes[index + 1]
            let isStartOfFrame = (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
            if isStartOfFrame { return (bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2)) }
            index += 2 + bigEndian(bytes, index + 2, 2)
        }
        return nil
    }

    private static func bigEndian(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int {
        bytes[start..<(start + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
