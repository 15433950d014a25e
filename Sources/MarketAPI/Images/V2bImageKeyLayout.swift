import WireFormat

/// `training-resources/{vendor_id}/{yyyyMMdd}/{hex}_origin.{ext}` and `..._thumb.{ext}`, with two consecutive
/// time-based hex ids and the extension of the uploaded filename (none when it had none), as on the real S3.
struct V2bImageKeyLayout: ImageKeyLayout {
    let pathPrefixes = ["training-resources"]

    func keys(for upload: ImageUpload, vendorID: Int64?, registeredAt: Double) -> (origin: String, thumbnail: String) {
        let folder = "training-resources/\(vendorID ?? 0)/\(SeoulDate(unixSeconds: registeredAt).compact)"
        let suffix = upload.fileExtension.map { ".\($0)" } ?? ""
        let ids = Identifiers.consecutiveTimeHexPair()
        return ("\(folder)/\(ids.first)_origin\(suffix)", "\(folder)/\(ids.second)_thumb\(suffix)")
    }
}
