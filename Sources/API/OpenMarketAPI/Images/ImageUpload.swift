import OpenMarketHTTPCore
import OpenMarketMultipart
import OpenMarketWireFormat

/// An uploaded image, checked by its bytes rather than by what the client declared.
struct ImageUpload: Sendable {
    let bytes: [UInt8]
    /// Detected from the magic numbers: image/jpeg, image/png, image/gif or image/webp.
    let mediaType: String
    /// From the uploaded filename (`photo.PNG` gives `PNG`), nil when it has none; the real server copied it
    /// into the image's URL.
    let fileExtension: String?

    /// Fails with a 400 that names the part when it is empty or not an image.
    init(part: MultipartPart) throws(APIError) {
        try self.init(
            bytes: part.body, label: Self.label(part) + (part.contentType.map { " (declared as \($0))" } ?? ""),
            fix: "send the image file's raw bytes, not base64 or a file path",
            fileExtension: part.filename.flatMap(Self.fileExtension))
    }

    /// `label` names where the bytes came from in the 400 for empty or non-image bytes; `fix` says what to send.
    init(bytes: [UInt8], label: String, fix: String, fileExtension: String?) throws(APIError) {
        guard !bytes.isEmpty else {
            throw .emptyImage(source: label)
        }
        guard let mediaType = ImageSniffer.mediaType(of: bytes) else {
            throw .notAnImage(source: label, fix: fix)
        }
        self.bytes = bytes
        self.mediaType = mediaType
        self.fileExtension = fileExtension
    }

    static func label(_ part: MultipartPart) -> String {
        let filename = part.filename.map { ", filename \"\($0)\"" } ?? ""
        return "part \(part.index) (\"\(part.name)\"\(filename))"
    }

    /// Only a short run of letters and digits is kept, so a filename can never put odd characters into a URL.
    private static func fileExtension(of filename: String) -> String? {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return nil }
        let candidate = filename[filename.index(after: dot)...]
        guard (1...10).contains(candidate.count),
              candidate.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) })
        else { return nil }
        return String(candidate)
    }
}
