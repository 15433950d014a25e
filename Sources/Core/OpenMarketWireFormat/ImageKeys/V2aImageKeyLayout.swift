/// `training-resources/{vendor_id}/origin/{hex}.{ext}` and `.../thumb/{hex}.{ext}`: one time-based hex id for
/// both, and the extension of the uploaded filename (none when it had none), as on the real S3.
package struct V2aImageKeyLayout: ImageKeyLayout {
    package let pathPrefixes = ["training-resources"]

    package init() {}

    package func keys(ids: some ImageIDSource, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
    {
        let folder = "training-resources/\(vendorID ?? 0)"
        let name = ids.timeHex() + (fileExtension.map { ".\($0)" } ?? "")
        return ("\(folder)/origin/\(name)", "\(folder)/thumb/\(name)")
    }
}
