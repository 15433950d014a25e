/// A multipart body drawn for a terminal: each stretch with its byte offsets, then the verdict of the server and
/// the fix. `openmarket explain` prints it; the reading is the one the request journal shows.
public struct MultipartExplanation: Sendable {
    public let reading: MultipartReading
    public let text: String
    public var accepted: Bool { reading.rejection == nil }

    /// - Parameters:
    ///   - describeImage: a short line for image bytes (e.g. `PNG 400×400, 13,182 bytes`); nil for other bytes.
    ///   - colour: ANSI colours, for a terminal only.
    public init(
        body: [UInt8], contentType: String, ending: MultipartEnding, generation: String,
        sniff: ([UInt8]) -> String?, describeImage: ([UInt8]) -> String?, colour: Bool
    ) {
        let reading = MultipartReading(body: body, contentType: contentType, ending: ending, sniff: sniff)
        let paint = Paint(enabled: colour)
        var lines = ["Content-Type: \(contentType)", "boundary: \(reading.boundary.map(quoted) ?? "none")", ""]
        for segment in reading.segments(bodyLength: body.count) {
            let bytes = Array(body[segment.range])
            let offsets = paint.dim("\(segment.range.lowerBound)..<\(segment.range.upperBound)")
            switch segment.role {
            case .preamble: lines.append("\(offsets) preamble \(quotedExcerpt(bytes)) (skipped)")
            case .delimiter: lines.append("\(offsets) delimiter \(quotedExcerpt(bytes, limit: 80))")
            case .closing: lines.append("\(offsets) closing \(quotedExcerpt(bytes, limit: 80))")
            case .headers(let part):
                lines.append(paint.bold("part \(part)"))
                lines.append("  \(offsets) headers \(quotedExcerpt(bytes, limit: 200))")
            case .content(let part):
                let shown = Self.content(bytes, part: reading.parts[part - 1], describeImage: describeImage)
                lines.append("  \(offsets) content \(shown)")
            }
        }
        lines.append("")
        if let rejection = reading.rejection {
            let at = rejection.offset.map { " at byte \($0)" } ?? ""
            lines.append(paint.red("REFUSED by \(generation)") + " (\(rejection.kind.rawValue)\(at)): \(rejection.message)")
            if let offset = rejection.offset {
                let start = max(0, offset - 24)
                let before = quotedExcerpt(body[start..<offset], limit: 24)
                let after = quotedExcerpt(body[offset...], limit: 24)
                lines.append("  around byte \(offset): \(before) ⟂ \(after)")
            }
        } else {
            lines.append(paint.green("ACCEPTED by \(generation)") + ": \(reading.parts.count) part(s)")
        }
        for advice in MultipartFix.advice(for: reading, body: body) {
            lines.append(paint.yellow("fix: ") + advice)
        }
        self.reading = reading
        text = lines.joined(separator: "\n") + "\n"
    }

    /// Text quoted, images described, other bytes as a short hex excerpt.
    private static func content(
        _ bytes: [UInt8], part: MultipartReading.Part, describeImage: ([UInt8]) -> String?
    ) -> String {
        let names = "name \(quoted(part.name))" + (part.filename.map { ", filename \(quoted($0))" } ?? "")
            + (part.declaredContentType.map { ", Content-Type \($0)" } ?? "")
        if let image = describeImage(bytes) { return "\(names): \(image)" }
        if let text = String(validating: bytes, as: UTF8.self), !text.unicodeScalars.contains(where: isControl) {
            return "\(names): \(quotedExcerpt(bytes, limit: 120))"
        }
        let hex = bytes.prefix(16).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        return "\(names): \(bytes.count) bytes \(hex.joined(separator: " "))\(bytes.count > 16 ? " …" : "")"
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 && scalar != "\r" && scalar != "\n" && scalar != "\t"
    }
}

/// ANSI styles, or none.
private struct Paint {
    let enabled: Bool
    func bold(_ text: String) -> String { style("1", text) }
    func dim(_ text: String) -> String { style("2", text) }
    func red(_ text: String) -> String { style("31", text) }
    func green(_ text: String) -> String { style("32", text) }
    func yellow(_ text: String) -> String { style("33", text) }
    private func style(_ code: String, _ text: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
