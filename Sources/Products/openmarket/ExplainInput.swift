/// What `openmarket explain` was given: a raw HTTP request as a proxy copies it (or `nc -l` captures it), or a bare
/// multipart body.
struct ExplainInput: Equatable {
    /// From the request's header, or built from the boundary given or guessed.
    let contentType: String
    let body: [UInt8]
    /// What the reader should know about how the input was taken, e.g. that the boundary was guessed.
    let notes: [String]

    /// - Parameter boundary: `--boundary`, for a bare body; a request's own Content-Type wins over it.
    init(_ bytes: [UInt8], boundary: String?, guessBoundary: ([UInt8]) -> String?) throws(RuntimeFailure) {
        guard bytes.contains(where: { !Self.isBlank($0) }) else {
            throw Self.unreadable("the input is empty; give a raw HTTP request or a multipart body")
        }
        guard let request = RawRequest(bytes) else {
            if let boundary {
                contentType = "multipart/form-data; boundary=\(boundary)"
                notes = []
            } else if let guessed = guessBoundary(bytes) {
                contentType = "multipart/form-data; boundary=\(guessed)"
                notes = ["no request line and no --boundary: read as a bare body with the boundary \(guessed), "
                         + "guessed from its first line starting with --"]
            } else {
                throw Self.unreadable("this is neither an HTTP request nor a multipart body (no line starts with --); "
                                 + "give the boundary with --boundary B")
            }
            body = bytes
            return
        }
        var notes = ["read as an HTTP request (\(request.line)): its body is bytes \(request.bodyStart)..<\(bytes.count) "
                     + "of the input"]
        if request.header("Transfer-Encoding")?.lowercased().contains("chunked") == true {
            if let joined = ChunkedBody.decode(request.body) {
                body = joined
                notes.append("its body was sent in chunks (Transfer-Encoding: chunked): explaining the \(joined.count) "
                             + "bytes they hold, as the server reads them")
            } else {
                body = request.body
                notes.append("its Transfer-Encoding says chunked but the chunks are broken or cut short: explaining the "
                             + "bytes as given")
            }
        } else {
            body = request.body
        }
        if let length = request.header("Content-Length").flatMap({ Int($0) }), length != body.count {
            notes.append("its Content-Length says \(length) bytes but \(body.count) follow the headers: explaining the "
                         + "\(body.count) given (a copy may be cut short, or a paste may have changed the line endings)")
        }
        let declared = request.header("Content-Type")
        if declared?.lowercased().hasPrefix("multipart/") != true {
            guard let guessed = guessBoundary(body) else {
                throw Self.unreadable("the request's Content-Type is \(declared ?? "missing") and its body has no "
                                 + "line starting with --: this is not a multipart body")
            }
            notes.append("the request's Content-Type is \(declared ?? "missing"), though the body looks like multipart "
                         + "with the boundary \(guessed)")
        }
        contentType = declared ?? ""
        self.notes = notes
    }

    /// Input that cannot be explained: one line on stderr and exit status 2.
    private static func unreadable(_ message: String) -> RuntimeFailure {
        RuntimeFailure(message, exitStatus: 2)
    }

    /// Whitespace and line breaks only make no input.
    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\r") || byte == UInt8(ascii: "\n") || isSpace(byte)
    }
}

/// A request line such as `POST /api/products HTTP/1.1`, header lines and a blank line, each ended by CRLF or by LF
/// alone (a copy from a proxy's window), then the body byte for byte.
private struct RawRequest {
    let line: String
    let headers: [(name: String, value: String)]
    let body: [UInt8]
    let bodyStart: Int

    /// The most bytes of request line and headers looked at: a body is not searched for them.
    private static let headLimit = 64 * 1024

    init?(_ bytes: [UInt8]) {
        var lines: [String] = []
        var start = 0
        while start < min(bytes.count, Self.headLimit) {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            var line = bytes[start..<end]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = end + 1
            if line.isEmpty { break }
            lines.append(String(decoding: line, as: UTF8.self))
        }
        guard let first = lines.first, Self.isRequestLine(first), start <= bytes.count else { return nil }
        line = first
        headers = lines.dropFirst().compactMap { line in
            line.firstIndex(of: ":").map { colon in
                (String(line[..<colon]), String(line[line.index(after: colon)...].trimmingSpaces))
            }
        }
        bodyStart = start
        body = Array(bytes[start...])
    }

    func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// `METHOD target HTTP/version`.
    private static func isRequestLine(_ line: String) -> Bool {
        let words = line.split(separator: " ")
        return words.count == 3 && words[0].allSatisfy(\.isUppercase) && words[2].hasPrefix("HTTP/")
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        let isPadding: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let start = firstIndex { !isPadding($0) } ?? endIndex
        let end = lastIndex { !isPadding($0) }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
