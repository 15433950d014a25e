/// What `openmarket explain` was given: a raw HTTP request as a proxy copies it, or a bare multipart body.
struct ExplainInput: Equatable {
    /// From the request's header, or built from the boundary given or guessed.
    let contentType: String
    let body: [UInt8]
    /// What the reader should know about where the boundary came from, e.g. that it was guessed.
    let notes: [String]

    struct Unreadable: Error {
        let message: String
    }

    /// - Parameter boundary: `--boundary`, for a bare body; a request's own Content-Type wins over it.
    init(_ bytes: [UInt8], boundary: String?, guessBoundary: ([UInt8]) -> String?) throws(Unreadable) {
        if let request = Self.splitRequest(bytes) {
            guard let contentType = request.headers.first(where: { $0.name.lowercased() == "content-type" })?.value else {
                throw Unreadable(message: "the request has no Content-Type header; add it or give the body alone with --boundary")
            }
            self.contentType = contentType
            body = request.body
            notes = ["read as an HTTP request: the body starts at byte \(request.bodyStart) of the input"]
        } else if let boundary {
            contentType = "multipart/form-data; boundary=\(boundary)"
            body = bytes
            notes = []
        } else if let guessed = guessBoundary(bytes) {
            contentType = "multipart/form-data; boundary=\(guessed)"
            body = bytes
            notes = ["no --boundary given: guessed \(guessed) from the first line starting with --"]
        } else {
            throw Unreadable(message: "this is neither an HTTP request nor a multipart body with a -- line; give --boundary B")
        }
    }

    /// A request line such as `POST /api/products HTTP/1.1`, headers, a blank line (CRLF or LF), the body.
    private static func splitRequest(
        _ bytes: [UInt8]
    ) -> (headers: [(name: String, value: String)], body: [UInt8], bodyStart: Int)? {
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        guard let firstLine = text.split(maxSplits: 1, whereSeparator: \.isNewline).first,
            firstLine.split(separator: " ").count == 3, firstLine.contains(" HTTP/")
        else { return nil }
        for separator in ["\r\n\r\n", "\n\n"] {
            guard let end = search(Array(separator.utf8), in: bytes) else { continue }
            let head = String(decoding: bytes[..<end], as: UTF8.self)
            let headers = head.split(whereSeparator: \.isNewline).dropFirst().compactMap { line in
                line.firstIndex(of: ":").map {
                    (name: String(line[..<$0]), value: line[line.index(after: $0)...].trimmingSpaces)
                }
            }
            let bodyStart = end + separator.utf8.count
            return (headers, Array(bytes[bodyStart...]), bodyStart)
        }
        return nil
    }

    private static func search(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
    }
}
