import HTTPServer
import Multipart

/// A request body read as multipart/form-data; the parser's explanation goes to the client as it is.
enum MultipartBody {
    static func parts(of request: Request) throws(HTTPError) -> [MultipartPart] {
        guard let contentType = request.headers["Content-Type"] else {
            throw HTTPError(
                status: 400,
                message: "the Content-Type header is missing; send multipart/form-data; boundary=<your boundary>")
        }
        do {
            return try MultipartParser.parse(body: request.body, contentType: contentType)
        } catch {
            throw HTTPError(status: 400, message: error.message)
        }
    }

    /// The parts that carry images; real clients named them `images` (v2) or `images[]` (v1), so both count.
    static func imageParts(of parts: [MultipartPart]) -> [MultipartPart] {
        parts.filter { $0.name == "images" || $0.name == "images[]" }
    }
}
