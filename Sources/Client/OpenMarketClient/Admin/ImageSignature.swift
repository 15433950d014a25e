import Foundation

/// The image formats an app uploads, told by their first bytes (each format's published signature), so a test
/// sees what was sent whatever the part's Content-Type claims.
enum ImageSignature {
    /// HEIF brands of HEVC-coded images: what iPhones save as `.heic`.
    private static let heicBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis"]

    static func mediaType(of data: Data) -> String? {
        let bytes = [UInt8](data.prefix(32))
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), bytes[8..<12].elementsEqual("WEBP".utf8) {
            return "image/webp"
        }
        if isHEIC(bytes) { return "image/heic" }
        return nil
    }

    /// An ISO base media file whose `ftyp` box names a HEIC brand, as its major brand or, after the generic
    /// `mif1`/`msf1`, among its compatible ones.
    private static func isHEIC(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 12, bytes[4..<8].elementsEqual("ftyp".utf8) else { return false }
        let boxSize = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let brands = stride(from: 8, to: min(boxSize, bytes.count) - 3, by: 4)
            .filter { $0 != 12 }  // 12..<16 is the minor version, not a brand.
            .map { String(decoding: bytes[$0..<($0 + 4)], as: UTF8.self) }
        guard let major = brands.first else { return false }
        guard !heicBrands.contains(major) else { return true }
        return ["mif1", "msf1"].contains(major) && brands.contains { heicBrands.contains($0) }
    }
}
