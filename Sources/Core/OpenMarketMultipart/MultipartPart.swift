/// One header line of a part, as sent (name case kept, value trimmed).
package struct MultipartHeader: Sendable, Equatable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One part of a multipart/form-data body.
package struct MultipartPart: Sendable, Equatable {
    /// The part's position in the body, counting from 1.
    package var index: Int
    /// The `name` parameter of its Content-Disposition.
    package var name: String
    /// The `filename*` (decoded) or `filename` parameter of its Content-Disposition.
    package var filename: String?
    /// The value of its Content-Type header, when it has one.
    package var contentType: String?
    /// All its headers, in the order sent.
    package var headers: [MultipartHeader]
    /// Its content, byte for byte.
    package var body: [UInt8]
    /// Where its content starts in the request body, counting bytes from 0.
    package var bodyOffset: Int

    package init(
        index: Int, name: String, filename: String?, contentType: String?,
        headers: [MultipartHeader], body: [UInt8], bodyOffset: Int
    ) {
        self.index = index
        self.name = name
        self.filename = filename
        self.contentType = contentType
        self.headers = headers
        self.body = body
        self.bodyOffset = bodyOffset
    }

    /// The value of the first header called `name`, compared without regard to ASCII case.
    package func header(_ name: String) -> String? {
        headers.first { asciiCaseInsensitiveEquals($0.name, name) }?.value
    }
}
