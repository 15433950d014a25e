import OpenMarketHTTPCore
import OpenMarketMultipart

/// A request body read as multipart/form-data; the parser's explanation goes to the client as it is.
enum MultipartBody {
    /// The server's --max-body-bytes already bounds the body (413 before it is read), so the parser's own total
    /// must not refuse less; its part-count and header limits still apply.
    private static let limits = MultipartLimits(maxBodyBytes: .max)

    /// `ending` is the generation's: v1 (Vapor) also took a body that stops after a delimiter line, v2 did not.
    static func parts(of request: Request, ending: MultipartEnding) throws(APIError) -> [MultipartPart] {
        // A missing header is read as an empty one, which the parser refuses with the message for both.
        let contentType = request.headers["Content-Type"] ?? ""
        do {
            return try MultipartParser.parse(
                body: request.body, contentType: contentType, limits: limits, ending: ending)
        } catch {
            throw .unreadableMultipart(error.kind, explanation: error.message)
        }
    }

    /// Real clients named image parts `images` (v2) or `images[]` (v1), so both count.
    static func isImagePart(_ part: MultipartPart) -> Bool {
        part.name == "images" || part.name == "images[]"
    }

    /// The images of the body in part order; an empty or non-image image part is a 400 that names it.
    static func imageUploads(of parts: [MultipartPart]) throws(APIError) -> [ImageUpload] {
        try parts.filter(isImagePart).map { part throws(APIError) in try ImageUpload(part: part) }
    }
}
