@testable import OpenMarketMultipart
import OpenMarketMultipartSamples
import OpenMarketWireFormat
import Testing

/// Random parts with binary payloads full of CR, LF, `--` and boundary prefixes are encoded the
/// ways clients do, then must parse back exactly, whole and in random chunks.
struct RoundTripPropertyTests {
    struct Field: Equatable {
        var name: String
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    @Test func encodedPartsParseBackExactly() throws {
        var random = SplitMix64(seed: 0x0C0F_FEE5)
        for round in 0..<300 {
            let boundary = Self.boundary(using: &random)
            let fields = (0..<Int.random(in: 0...5, using: &random)).map { _ in Self.field(boundary, using: &random) }
            let body = Self.encode(fields, boundary: boundary, using: &random)
            let contentType = "multipart/form-data; boundary=\"\(boundary)\""
            var cuts = Set((0..<Int.random(in: 0...20, using: &random)).map { _ in
                Int.random(in: 0...body.count, using: &random)
            })
            if round % 25 == 0 { cuts.formUnion(body.indices) }
            let bounds = [0] + cuts.sorted() + [body.count]
            for pieces in [[0..<body.count], zip(bounds, bounds.dropFirst()).map { $0..<$1 }] {
                let parts = try parse(body, contentType: contentType, pieces: pieces).get()
                let parsed = parts.map {
                    Field(name: $0.name, filename: $0.filename, contentType: $0.contentType, body: $0.body)
                }
                #expect(parsed == fields, "round \(round)")
                #expect(parts.map(\.index) == Array(fields.indices.map { $0 + 1 }))
            }
        }
    }

    static func boundary(using random: inout SplitMix64) -> String {
        let characters = Array("abcXYZ0189'()+_,-./:=?")
        let length = Int.random(in: 1...70, using: &random)
        return String((0..<length).map { _ in characters.randomElement(using: &random)! })
    }

    static func field(_ boundary: String, using random: inout SplitMix64) -> Field {
        let names = ["params", "images", "images[]", "이미지", "a b;c=d", #"quote"and\slash"#, ""]
        let filenames: [String?] = [nil, "a.png", "사진 1.jpg", "5A1F", #"C:\photos\b.jpeg"#]
        let types: [String?] = [nil, "application/json", "image/jpg", "multipart/form-data"]
        return Field(name: names.randomElement(using: &random)!, filename: filenames.randomElement(using: &random)!,
                     contentType: types.randomElement(using: &random)!, body: payload(boundary, using: &random))
    }

    /// Binary bytes mixed with pieces of line breaks and delimiters, but never a whole delimiter.
    static func payload(_ boundary: String, using random: inout SplitMix64) -> [UInt8] {
        let delimiter = bytes("\r\n--" + boundary)
        var payload: [UInt8] = []
        for _ in 0..<Int.random(in: 0...12, using: &random) {
            switch Int.random(in: 0..<6, using: &random) {
            case 0:
                let length = Int.random(in: 0...600, using: &random)
                payload += (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            case 1: payload += bytes(["\r", "\n", "\r\n", "--", "\r\n\r\n"].randomElement(using: &random)!)
            case 2: payload += delimiter.prefix(Int.random(in: 1..<delimiter.count, using: &random))
            case 3: payload += delimiter.dropFirst(2)
            case 4: payload += delimiter.dropFirst() + bytes("--")
            default: payload += bytes(boundary)
            }
        }
        while let found = firstOccurrence(of: delimiter, in: payload) {
            payload[found] = UInt8(ascii: "x")
        }
        return payload
    }

    static func encode(_ fields: [Field], boundary: String, using random: inout SplitMix64) -> [UInt8] {
        let delimiter = "--" + boundary
        let lineEnd = { (random: inout SplitMix64) in ["\r\n", " \r\n", "\t \r\n"].randomElement(using: &random)! }
        var body = bytes(["", "\r\n", "preamble \(delimiter)x\r\n"].randomElement(using: &random)!)
        for field in fields {
            var disposition = "form-data; name=\"\(escaped(field.name))\""
            if let filename = field.filename {
                disposition += Bool.random(using: &random)
                    ? "; filename=\"\(escaped(filename))\""
                    : "; filename*=UTF-8''" + filename.utf8.map { "%" + String($0, radix: 16) }.joined()
            }
            var headers = ["Content-Disposition", "content-disposition"].randomElement(using: &random)!
                + [": ", ":"].randomElement(using: &random)! + disposition + "\r\n"
            if let contentType = field.contentType {
                headers += "Content-Type: \(contentType)\r\n"
            }
            body += bytes(delimiter + lineEnd(&random) + headers + "\r\n") + field.body + bytes("\r\n")
        }
        let closing = ["--", "--\r\n", "--\r\nepilogue \(delimiter)\r\n"].randomElement(using: &random)!
        return body + bytes(delimiter + closing)
    }

    static func escaped(_ text: String) -> String {
        String(text.flatMap { $0 == "\\" || $0 == "\"" ? ["\\", $0] : [$0] })
    }
}
