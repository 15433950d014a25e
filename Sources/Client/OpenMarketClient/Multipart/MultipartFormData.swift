package import Foundation

/// A `multipart/form-data` body (RFC 7578).
package struct MultipartFormData: Sendable, Hashable {
    /// One part of the body.
    package struct Part: Sendable, Hashable {
        /// The form field name, e.g. `params` or `images`.
        package var name: String
        /// The file name, for a file part.
        package var filename: String?
        /// The part's media type; `nil` leaves the header out.
        package var contentType: String?
        /// The part's content.
        package var content: Data

        /// Creates a part.
        package init(name: String, filename: String? = nil, contentType: String? = nil, content: Data) {
            self.name = name
            self.filename = filename
            self.contentType = contentType
            self.content = content
        }
    }

    /// The delimiter between parts, without the leading `--`.
    package let boundary: String
    /// The parts in order.
    package var parts: [Part]

    /// Creates a body with a random boundary: 128 random bits make a clash with part content negligible.
    package init(parts: [Part] = []) {
        var generator = SystemRandomNumberGenerator()
        let bits = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }
        self.init(boundary: "OpenMarketBoundary-" + bits.joined(separator: "-"), parts: parts)
    }

    /// Creates a body with a given boundary, e.g. for reproducible output.
    package init(boundary: String, parts: [Part] = []) {
        self.boundary = boundary
        self.parts = parts
    }

    /// The value of the request's `Content-Type` header.
    package var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The encoded body: each part framed by `--boundary` lines, CRLF line ends, and a closing `--boundary--`.
    package func encoded() -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(Self.quoted(part.name))\""
            if let filename = part.filename {
                disposition += "; filename=\"\(Self.quoted(filename))\""
            }
            body.append(Data("\(disposition)\r\n".utf8))
            if let contentType = part.contentType {
                body.append(Data("Content-Type: \(Self.withoutLineBreaks(contentType))\r\n".utf8))
            }
            body.append(Data("\r\n".utf8))
            body.append(part.content)
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// Escapes a name or file name for a quoted header parameter the way browsers do (WHATWG HTML,
    /// as RFC 7578 §4.2 allows): a raw quote or line break would end the parameter or the header.
    private static func quoted(_ value: String) -> String {
        escaped(value, quote: true)
    }

    private static func withoutLineBreaks(_ value: String) -> String {
        escaped(value, quote: false)
    }

    /// Works on scalars because `"\r\n"` is a single `Character`.
    private static func escaped(_ value: String, quote: Bool) -> String {
        var result = ""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\r": result += "%0D"
            case "\n": result += "%0A"
            case "\"" where quote: result += "%22"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
