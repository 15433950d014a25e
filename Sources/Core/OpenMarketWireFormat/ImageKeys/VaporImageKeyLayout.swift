/// v1's S3 keys: `images/{UUID}.png` and `thumbnails/{UUID}.png`, one upper-case dashed UUID per image and always
/// `.png`, whatever was uploaded; the served Content-Type still follows the bytes.
package struct VaporImageKeyLayout: ImageKeyLayout {
    package let pathPrefixes = ["images", "thumbnails"]

    package init() {}

    package func keys(ids: some ImageIDSource, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        let name = "\(ids.uppercaseRandomUUID()).png"
        return ("images/\(name)", "thumbnails/\(name)")
    }
}
