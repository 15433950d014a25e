/// Base64 with the URL- and filename-safe alphabet of RFC 4648 §5 (`-` and `_` instead of `+` and `/`), padded
/// with `=` like standard base64, so the text can sit in a URL path unescaped.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count + 2) / 3 * 4)
        for start in stride(from: 0, to: bytes.count, by: 3) {
            let group = bytes[start..<min(start + 3, bytes.count)]
            var bits: UInt32 = 0
            for (index, byte) in group.enumerated() {
                bits |= UInt32(byte) << UInt32(16 - 8 * index)
            }
            for index in 0..<4 {
                let sextet = Int(bits >> UInt32(18 - 6 * index) & 0x3F)
                text.append(index <= group.count ? alphabet[sextet] : UInt8(ascii: "="))
            }
        }
        return String(decoding: text, as: UTF8.self)
    }
}
