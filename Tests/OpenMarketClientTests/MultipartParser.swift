import Foundation

/// A strict, independent reader of `multipart/form-data`, to check what the client's encoder writes.
struct ParsedPart: Equatable {
    let name: String?
    let filename: String?
    let contentType: String?
    let content: Data
}

enum MultipartParser {
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The boundary parameter of a `multipart/form-data` Content-Type header.
    static func boundary(fromContentType contentType: String) throws -> String {
        let prefix = "multipart/form-data; boundary="
        guard contentType.hasPrefix(prefix) else { throw Malformed(description: "Content-Type \(contentType)") }
        return String(contentType.dropFirst(prefix.count))
    }

    /// Reads every part; the body must open with `--boundary` and end with `--boundary--` CRLF.
    static func parse(_ body: Data, boundary: String) throws -> [ParsedPart] {
        let crlf = Data("\r\n".utf8)
        let opening = Data("--\(boundary)\r\n".utf8)
        let delimiter = Data("\r\n--\(boundary)".utf8)
        guard body.starts(with: opening) else { throw Malformed(description: "no opening delimiter") }
        var parts: [ParsedPart] = []
        var cursor = body.startIndex + opening.count
        while true {
            guard let end = body.range(of: delimiter, in: cursor..<body.endIndex) else {
                throw Malformed(description: "part \(parts.count) has no closing delimiter")
            }
            parts.append(try part(body[cursor..<end.lowerBound]))
            let rest = body[end.upperBound...]
            if rest == Data("--\r\n".utf8) { return parts }
            guard rest.starts(with: crlf) else { throw Malformed(description: "junk after a delimiter") }
            cursor = end.upperBound + crlf.count
        }
    }

    private static func part(_ bytes: Data) throws -> ParsedPart {
        guard let blank = bytes.range(of: Data("\r\n\r\n".utf8)) else {
            throw Malformed(description: "a part has no blank line after its headers")
        }
        let headerText = String(decoding: bytes[bytes.startIndex..<blank.lowerBound], as: UTF8.self)
        var headers: [String: String] = [:]
        for line in headerText.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "header line \(line)") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let disposition = headers["content-disposition"] ?? ""
        guard disposition.hasPrefix("form-data") else { throw Malformed(description: "disposition \(disposition)") }
        return ParsedPart(
            name: parameter("name", in: disposition), filename: parameter("filename", in: disposition),
            contentType: headers["content-type"], content: Data(bytes[blank.upperBound...]))
    }

    /// A `key="value"` parameter; values never hold a raw quote in form-data.
    private static func parameter(_ key: String, in disposition: String) -> String? {
        for piece in disposition.components(separatedBy: "; ") where piece.hasPrefix("\(key)=\"") {
            return String(piece.dropFirst(key.count + 2).dropLast())
        }
        return nil
    }
}
