extension MultipartReading {
    /// What a correct body for the same parts would look like, line by line with every `\r\n` shown: the request's
    /// Content-Type, then each part's delimiter, headers, blank line and content (short text as it is, other
    /// content as e.g. `<13,182 bytes: PNG 400×400>`), then the closing delimiter.
    ///
    /// A refused body is read again with its common mistakes undone (`MultipartRepair`), so the parts are the ones
    /// the server would find once the fix is made; when that does not read the body whole, the sketch holds the
    /// parts read before the error and says which bytes could not be read.
    /// - Parameter describe: a few words for image bytes, such as `PNG 400×400`; nil for other bytes.
    package func correctBodySketch(body: [UInt8], describe: ([UInt8]) -> String? = { _ in nil }) -> String {
        let repair = MultipartRepair(body: body, reading: self)
        let (reading, bytes) = repair.reading.rejection == nil ? (repair.reading, repair.body) : (self, body)
        let boundary = reading.boundary ?? MultipartFix.guessBoundary(in: body) ?? "Boundary-1234"
        // Every line of the body ends with a CRLF, shown; the Content-Type is the request's header, above the body.
        var lines: [String] = []
        func line(_ text: String) { lines.append(text + "\\r\\n") }
        for part in reading.parts {
            var disposition = "Content-Disposition: form-data; name=\(Self.quotedParameter(part.name))"
            if let filename = part.filename {
                disposition += "; filename=\(Self.quotedParameter(filename))"
            }
            line("--\(boundary)")
            line(disposition)
            if let contentType = part.declaredContentType {
                line("Content-Type: \(contentType)")
            }
            line("")
            line(Self.sketch(Array(bytes[part.bodyRange]), describe: describe))
        }
        if let rejection = reading.rejection {
            let start = reading.segmentsRead.last?.range.upperBound ?? 0
            lines.append("… bytes \(start)..<\(bytes.count) could not be read as parts (\(rejection.kind.rawValue))")
        }
        line("--\(boundary)--")
        return "Content-Type: multipart/form-data; boundary=\(boundary)\n\n" + lines.joined(separator: "\n") + "\n"
    }

    /// `value` as a quoted header parameter, its quotes and backslashes escaped.
    private static func quotedParameter(_ value: String) -> String {
        "\"" + value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
    }

    private static let shortText = 200

    private static func sketch(_ content: [UInt8], describe: ([UInt8]) -> String?) -> String {
        let size = "\(groupedDigits(content.count)) bytes"
        if let image = describe(content) { return "<\(size): \(image)>" }
        guard let text = decodedUTF8(content) else { return "<\(size)>" }
        let oneLine = !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        return oneLine && content.count <= shortText ? text : "<\(size) of text>"
    }
}

/// `count` with a comma every three digits, as in `13,182`.
package func groupedDigits(_ count: Int) -> String {
    var digits = String(count)
    var position = digits.count - 3
    while position > 0 {
        digits.insert(",", at: digits.index(digits.startIndex, offsetBy: position))
        position -= 3
    }
    return digits
}
