import WireFormat

/// `training-resources/{vendor_id}/origin/{hex}.{ext}` and `.../thumb/{hex}.{ext}`: one time-based hex id for
/// both, and the extension of the uploaded filename (none when it had none), as on the real S3.
struct V2aImageKeyLayout: ImageKeyLayout {
    let pathPrefixes = ["training-resources"]

    func keys(for upload: ImageUpload, vendorID: Int64?, registeredAt: Double) -> (origin: String, thumbnail: String) {
        let folder = "training-resources/\(vendorID ?? 0)"
        let name = Identifiers.timeHex() + (upload.fileExtension.map { ".\($0)" } ?? "")
        return ("\(folder)/origin/\(name)", "\(folder)/thumb/\(name)")
    }
}
