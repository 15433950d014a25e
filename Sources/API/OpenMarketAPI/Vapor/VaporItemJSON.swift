import OpenMarketHTTPCore
import OpenMarketWireFormat

/// A v1 create or PATCH sent as `application/json` (docs/wire-format.md §6.8), as two cohort-1 v1a apps did: the
/// multipart field names as members (numbers as JSON numbers or strings), and the images as arrays of standard
/// base64 strings under `images` or `images[]`, in member order. Unknown members are ignored, like unknown parts.
struct VaporItemJSON {
    static let imageKeys: Set<String> = ["images", "images[]"]
    private static let example = #"{"title":"...","price":1000,"password":"...","images":["<base64>"]}"#

    let form: VaporItemForm
    private let object: JSONObject

    init(body: [UInt8]) throws(APIError) {
        let json = try RequestJSON.object(
            body, source: "the JSON body", example: Self.example, keepingWhole: Self.imageKeys)
        var fields: [String: String] = [:]
        for key in VaporItemForm.keys {
            fields[key] = try Self.text(of: key, in: json)
        }
        form = VaporItemForm(fields: fields, source: .jsonMember)
        object = json.object
    }

    /// A member as the form's text. A whole JSON number written with a fraction or an exponent (`461.0`, `1e3`)
    /// is read as that integer where the form wants a whole number, as Vapor's JSONDecoder decoded an `Int` from
    /// any number equal to one. Every other value keeps its text: `9.99` still gets the form's own 400, and an
    /// integer written as one is read digit for digit, never through a double.
    private static func text(of key: String, in json: RequestJSON.Object) throws(APIError) -> String? {
        if VaporItemForm.wholeNumberKeys.contains(key), case .number(let number)? = json.object[key],
           number.text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
           let whole = try? json.object.int64(key) {
            return String(whole)
        }
        return try json.string(key)
    }

    /// Every image, decoded and checked by its bytes; the first bad one is a 400 that says which and why.
    func imageUploads() throws(APIError) -> [ImageUpload] {
        var uploads: [ImageUpload] = []
        for member in object.members where Self.imageKeys.contains(member.key) {
            let name = MessageQuoting.quoted(member.key)
            let elements: [JSONValue]
            switch member.value {
            case .null: elements = []
            case .array(let array): elements = array
            case let other:
                throw .imagesNotArray(member: name, found: other.shownInMessages)
            }
            for (index, element) in elements.enumerated() {
                uploads.append(try Self.image(element, label: "element \(index + 1) of \(name)"))
            }
        }
        return uploads
    }

    private static func image(_ element: JSONValue, label: String) throws(APIError) -> ImageUpload {
        guard case .string(let text) = element else {
            throw .imageNotString(source: label, found: element.shownInMessages)
        }
        let bytes: [UInt8]
        do {
            bytes = try StandardBase64.decode(text)
        } catch {
            throw .imageNotBase64(source: label, explanation: error.description)
        }
        return try ImageUpload(
            bytes: bytes, label: label, fix: "base64-encode the image file's bytes, not a file path or a URL",
            fileExtension: nil)
    }
}
