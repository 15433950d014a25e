/// What the chosen server generation adds to a reading: its name and ending, the body its error answers carry, and
/// what its API makes of the parts (which this module does not know).
package struct ExplainingServer: Sendable {
    package var name: String
    package var ending: MultipartEnding
    /// The response body an app gets for a 400 with this message.
    package var errorBody: @Sendable (_ message: String) -> String
    /// Notes on what the API does with the parts of an accepted body, e.g. a `params` part it does not read.
    package var partsAdvice: @Sendable (MultipartReading) -> [String]

    package init(
        name: String, ending: MultipartEnding, errorBody: @escaping @Sendable (String) -> String,
        partsAdvice: @escaping @Sendable (MultipartReading) -> [String]
    ) {
        self.name = name
        self.ending = ending
        self.errorBody = errorBody
        self.partsAdvice = partsAdvice
    }
}

/// A multipart body drawn for a terminal: each stretch with its byte offsets, the error marked where it is, the
/// server's verdict with the answer the app got, the fix and, for a refused body, a correct body for the same parts.
/// `openmarket explain` prints it; the reading is the one the request journal shows.
package struct MultipartExplanation: Sendable {
    package let reading: MultipartReading
    package let text: String
    package var accepted: Bool { reading.rejection == nil }

    /// How many bytes either side of an error are quoted.
    private static let around = 24

    /// - Parameters:
    ///   - describeImage: a few words for image bytes (e.g. `PNG 400×400`); nil for other bytes.
    ///   - colour: ANSI colours, for a terminal only.
    package init(
        body: [UInt8], contentType: String, server: ExplainingServer, sniff: ([UInt8]) -> String?,
        describeImage: ([UInt8]) -> String?, colour: Bool
    ) {
        let reading = MultipartReading(body: body, contentType: contentType, ending: server.ending, sniff: sniff)
        let paint = Paint(enabled: colour)
        var lines = ["Content-Type: \(contentType)", "boundary: \(reading.boundary.map(quoted) ?? "none")", ""]
        var errorMarked = reading.rejection == nil
        for segment in reading.segments(bodyLength: body.count) {
            if !errorMarked, let rejection = reading.rejection, segment.range.lowerBound >= rejection.offset ?? 0 {
                lines.append(Self.marker(rejection, paint: paint))
                errorMarked = true
            }
            lines += Self.draw(segment, of: body, reading: reading, describeImage: describeImage, paint: paint)
        }
        lines.append("")
        if let rejection = reading.rejection {
            if !errorMarked {
                lines.insert(Self.marker(rejection, paint: paint), at: lines.count - 1)
            }
            lines += Self.refusal(rejection, body: body, server: server, paint: paint)
        } else {
            lines.append(paint.green("ACCEPTED by \(server.name)") + ": \(reading.parts.count) part(s)")
        }
        for advice in MultipartFix.advice(for: reading, body: body) {
            lines.append(paint.yellow("fix: ") + advice)
        }
        for note in server.partsAdvice(reading) {
            lines.append(paint.yellow("note: ") + note)
        }
        if reading.rejection != nil {
            lines += ["", "A correct body for the same parts would look like this:", ""]
            lines += reading.correctBodySketch(body: body, describe: describeImage).split(
                separator: "\n", omittingEmptySubsequences: false
            ).dropLast().map { $0.isEmpty ? "" : "  " + $0 }
        }
        self.reading = reading
        text = lines.joined(separator: "\n") + "\n"
    }

    private static func draw(
        _ segment: MultipartSegment, of body: [UInt8], reading: MultipartReading, describeImage: ([UInt8]) -> String?,
        paint: Paint
    ) -> [String] {
        let bytes = body[segment.range]
        let offsets = paint.dim("\(segment.range.lowerBound)..<\(segment.range.upperBound)")
        switch segment.role {
        case .preamble: return ["\(offsets) preamble \(quotedExcerpt(bytes)) (skipped)"]
        case .delimiter: return ["\(offsets) delimiter \(quotedExcerpt(bytes, limit: 80))"]
        case .closing: return ["\(offsets) closing \(quotedExcerpt(bytes, limit: 80))"]
        case .rest: return ["\(offsets) " + paint.red("not read as parts") + " \(quotedExcerpt(bytes, limit: 48))"]
        case .headers(let index):
            return [paint.bold("part \(index)"), "  \(offsets) headers \(quotedExcerpt(bytes, limit: 200))"]
        case .content(let index):
            let part = reading.parts.first { $0.index == index }
            let label = part.map(label) ?? "unfinished"
            return ["  \(offsets) content (\(label)) \(content(Array(bytes), describeImage: describeImage))"]
        }
    }

    private static func label(_ part: MultipartReading.Part) -> String {
        "name \(quoted(part.name))" + (part.filename.map { ", filename \(quoted($0))" } ?? "")
            + (part.declaredContentType.map { ", Content-Type \($0)" } ?? "")
    }

    /// Images described, one-line text quoted, other bytes as the first few in hex.
    private static func content(_ bytes: [UInt8], describeImage: ([UInt8]) -> String?) -> String {
        let size = "\(groupedDigits(bytes.count)) bytes"
        if let image = describeImage(bytes) { return "\(size): \(image)" }
        if let text = decodedUTF8(bytes), !text.unicodeScalars.contains(where: isControl) {
            return "\(size): \(quotedExcerpt(bytes, limit: 120))"
        }
        let shown = 16
        let hex = bytes.prefix(shown).map(hexByte).joined(separator: " ")
        return "\(size): \(hex)\(bytes.count > shown ? " …" : "")"
    }

    private static func hexByte(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 || scalar.value == 0x7F) && scalar != "\r" && scalar != "\n" && scalar != "\t"
    }

    private static func marker(_ rejection: MultipartReading.Rejection, paint: Paint) -> String {
        let place = rejection.offset.map { "at byte \($0)" } ?? "in the Content-Type header"
        return paint.red("▶ refused \(place): \(rejection.kind.rawValue)")
    }

    private static func refusal(
        _ rejection: MultipartReading.Rejection, body: [UInt8], server: ExplainingServer, paint: Paint
    ) -> [String] {
        var lines = [paint.red("REFUSED by \(server.name)") + ": \(rejection.message)"]
        if let offset = rejection.offset {
            let before = offset == 0
                ? "" : (offset > around ? "…" : "") + quotedExcerpt(body[max(0, offset - around)..<offset]) + " "
            let after = quotedExcerpt(body[offset...], limit: around)
            lines.append("  around byte \(offset): \(before)▶ \(after)")
        }
        lines.append("  the app got: 400 \(server.errorBody(rejection.message))")
        return lines
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
