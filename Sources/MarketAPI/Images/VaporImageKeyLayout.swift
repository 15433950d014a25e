import WireFormat

/// v1's S3 keys: `images/{UUID}.png` and `thumbnails/{UUID}.png`, one upper-case dashed UUID per image and always
/// `.png`, whatever was uploaded; the served Content-Type still follows the bytes.
struct VaporImageKeyLayout: ImageKeyLayout {
    let pathPrefixes = ["images", "thumbnails"]

    func keys(for upload: ImageUpload, vendorID: Int64?, registeredAt: Double) -> (origin: String, thumbnail: String) {
        let name = "\(Identifiers.uppercaseRandomUUID()).png"
        return ("images/\(name)", "thumbnails/\(name)")
    }
}
