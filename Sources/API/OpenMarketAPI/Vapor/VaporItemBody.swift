import OpenMarketHTTPCore
import OpenMarketMultipart

/// A v1 create or PATCH body. Vapor chose its decoder by Content-Type: `application/json` is read as JSON (docs/wire-format.md
/// §6.8); anything else as multipart/form-data, ending as the generation's `multipartEnding` says (Vapor also
/// allowed an end right after a delimiter line).
enum VaporItemBody {
    case multipart([MultipartPart])
    case json(VaporItemJSON)

    init(request: Request, multipartEnding: MultipartEnding) throws(APIError) {
        if Self.isJSON(contentType: request.headers["Content-Type"]) {
            self = .json(try VaporItemJSON(body: request.body))
        } else {
            self = .multipart(try MultipartBody.parts(of: request, ending: multipartEnding))
        }
    }

    func form() throws(APIError) -> VaporItemForm {
        switch self {
        case .multipart(let parts): try VaporItemForm(parts: parts)
        case .json(let json): json.form
        }
    }

    func imageUploads() throws(APIError) -> [ImageUpload] {
        switch self {
        case .multipart(let parts): try MultipartBody.imageUploads(of: parts)
        case .json(let json): try json.imageUploads()
        }
    }

    /// `application/json` with any parameters (`; charset=utf-8`), in any letter case.
    static func isJSON(contentType: String?) -> Bool {
        guard let mediaType = contentType?.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first
        else { return false }
        let words = mediaType.split { $0 == " " || $0 == "\t" }
        return words.count == 1 && words[0].lowercased() == "application/json"
    }
}
