/// Builds multipart/form-data bodies byte by byte for tests, including the slightly wrong ones real apps sent.
package struct MultipartBuilder {
    package let boundary: String
    package private(set) var body: [UInt8] = []

    package init(boundary: String = "Boundary-7F3A9C21") {
        self.boundary = boundary
    }

    package var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    package mutating func addField(_ name: String, _ value: String, contentType: String? = nil) {
        addPart(name: name, filename: nil, contentType: contentType, data: Array(value.utf8))
    }

    package mutating func addFile(_ name: String, filename: String?, contentType: String? = "image/png", data: [UInt8]) {
        addPart(name: name, filename: filename, contentType: contentType, data: data)
    }

    package mutating func addPart(name: String, filename: String?, contentType: String?, data: [UInt8]) {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"" }
        head += "\r\n"
        if let contentType { head += "Content-Type: \(contentType)\r\n" }
        head += "\r\n"
        body += Array(head.utf8) + data + Array("\r\n".utf8)
    }

    /// The body with its closing delimiter.
    package func finished() -> [UInt8] {
        body + Array("--\(boundary)--\r\n".utf8)
    }

    /// The body ending with a plain delimiter line and no closing `--`, as yagom `1-sole` sent every v1 body.
    package func endedAfterDelimiterLine() -> [UInt8] {
        body + Array("--\(boundary)\r\n".utf8)
    }
}

/// Small but real image files: each starts with its format's magic number.
package enum SampleImages {
    package static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0,
        0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D, 0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45,
        0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]

    /// A JPEG header followed by `size` deterministic bytes (CR, LF and dashes included), for large uploads.
    package static func jpeg(size: Int = 2048, seed: UInt8 = 7) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        var value = seed
        for index in 0..<size {
            value = value &* 31 &+ UInt8(truncatingIfNeeded: index)
            bytes.append(index % 97 == 0 ? 0x0D : index % 89 == 0 ? 0x2D : value)
        }
        return bytes
    }

    package static let gif: [UInt8] = Array("GIF89a".utf8) + [0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x3B]
}
