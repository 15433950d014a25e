/// `training-resources/{vendor_id}/{yyyyMMdd}/{hex}_origin.{ext}` and `..._thumb.{ext}`, with two consecutive
/// time-based hex ids and the extension of the uploaded filename (none when it had none), as on the real S3.
package struct V2bImageKeyLayout: ImageKeyLayout {
    package let pathPrefixes = ["training-resources"]

    package init() {}

    package func keys(ids: some ImageIDSource, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        let folder = "training-resources/\(vendorID ?? 0)/\(SeoulDate(unixSeconds: registeredAt).compact)"
        let suffix = fileExtension.map { ".\($0)" } ?? ""
        let names = ids.consecutiveTimeHexPair()
        return ("\(folder)/\(names.first)_origin\(suffix)", "\(folder)/\(names.second)_thumb\(suffix)")
    }
}
