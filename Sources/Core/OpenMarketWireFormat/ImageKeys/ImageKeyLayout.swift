/// Where a generation serves an image: the URL path of the original and of its thumbnail, without the leading
/// slash (for example `training-resources/48/20240207/<hex>_origin.png`). The keys are unique, so the same path
/// finds the image again after a restart. A layout is the generation's, and the same for an upload and for seed
/// data: only where the ids come from differs (`ImageIDSource`).
package protocol ImageKeyLayout: Sendable {
    /// The first path segment of every image URL of the generation, e.g. `training-resources`.
    var pathPrefixes: [String] { get }

    func keys(ids: some ImageIDSource, vendorID: Int64?, registeredAt: Double, fileExtension: String?)
        -> (origin: String, thumbnail: String)
}

/// The unique ids image keys are made of, as text: the clock and randomness for an upload (`UploadImageIDs`), the
/// product's id and the image's position for seed data, so that every start of a seed serves its images at the
/// same URLs.
///
/// Taken by value, never `inout`: ThreadSanitizer's check of an inout access is handed an undefined address when a
/// generic parameter is an empty struct (as `UploadImageIDs`), and crashes on it (docs/contributing.md).
package protocol ImageIDSource {
    /// 32 lower-case hex digits of a time-based id, as v2's S3 keys.
    func timeHex() -> String
    /// Two such ids, the second right after the first (v2b's `_origin` and `_thumb`).
    func consecutiveTimeHexPair() -> (first: String, second: String)
    /// An upper-case dashed random UUID, as v1's image names.
    func uppercaseRandomUUID() -> String
}

/// The ids of an uploaded image: from the clock and the system's random source, like the real server's.
package struct UploadImageIDs: ImageIDSource {
    package init() {}

    package func timeHex() -> String {
        Identifiers.timeHex()
    }

    package func consecutiveTimeHexPair() -> (first: String, second: String) {
        Identifiers.consecutiveTimeHexPair()
    }

    package func uppercaseRandomUUID() -> String {
        Identifiers.uppercaseRandomUUID()
    }
}
