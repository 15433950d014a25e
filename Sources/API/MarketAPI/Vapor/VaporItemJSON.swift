import HTTPCore
import WireFormat

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
            fields[key] = try json.string(key)
        }
        form = VaporItemForm(fields: fields, source: .jsonMember)
        object = json.object
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
