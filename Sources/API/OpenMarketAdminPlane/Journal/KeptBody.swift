/// A request or response body as the journal keeps it: its first bytes, up to a cap, and how long it was.
struct KeptBody: Sendable {
    /// Bodies longer than the journal's cap (`--journal-body-bytes`) keep only their first this many bytes.
    static let defaultCap = 1 << 20

    let bytes: [UInt8]
    let originalSize: Int

    /// Shares the body's storage when it fits (no copy on the request path); copies the first `cap` bytes when not.
    init(_ body: [UInt8], cap: Int) {
        self.init(kept: body.count <= cap ? body : Array(body.prefix(cap)), originalSize: body.count)
    }

    init(kept: [UInt8], originalSize: Int) {
        bytes = kept
        self.originalSize = originalSize
    }

    var isTruncated: Bool { bytes.count < originalSize }
}
