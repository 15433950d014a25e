/// The change that makes a refused body acceptable, named for the mistakes clients really make.
/// Looks at the bytes only to tell the common mistakes apart; the parser already said what is wrong.
/// What the server's API makes of the parts (a `params` part sent as a file) is the API's to say, not this.
package enum MultipartFix {
    /// The fix for the reading's rejection, one sentence per change; empty when there is nothing to add.
    package static func advice(for reading: MultipartReading, body: [UInt8]) -> [String] {
        var advice: [String] = []
        let bareLineFeeds = usesBareLineFeeds(body)
        if bareLineFeeds {
            advice.append(
                "the lines end with LF (\\n) only: multipart needs CRLF (\\r\\n) after every delimiter and header "
                    + "line and for the blank line; build the body with \"\\r\\n\", not \"\\n\"")
        }
        // A delimiter followed by LF is that same mistake, already named.
        if let rejection = reading.rejection, !(bareLineFeeds && rejection.kind == .malformedDelimiterLine) {
            advice += self.advice(for: rejection, boundary: reading.boundary, body: body)
        }
        return advice
    }

    private static func advice(
        for rejection: MultipartReading.Rejection, boundary: String?, body: [UInt8]
    ) -> [String] {
        let guessed = guessBoundary(in: body)
        switch rejection.kind {
        case .missingBlankLineAfterHeaders:
            return ["end each part's headers with an empty line: \\r\\n\\r\\n between the last header and the content"]
        case .missingClosingDelimiter:
            let close = "--\(boundary ?? "BOUNDARY")--"
            return ["end the body with the closing delimiter \(close) (the boundary with two hyphens after it) "
                    + "on a line of its own: \\r\\n\(close)\\r\\n after the last part's content"]
        case .boundaryNotFound:
            guard let guessed else {
                return ["start each part with a delimiter line: -- and the boundary of the Content-Type "
                        + "(--\(boundary ?? "BOUNDARY")), then \\r\\n"]
            }
            if guessed == boundary {
                return ["each delimiter line --\(guessed) must start a line: put \\r\\n before it"]
            }
            return [
                "the Content-Type names boundary \(quoted(boundary ?? "")) but the body's delimiter lines use "
                    + "\(quoted(guessed)): send the same boundary in both (boundary=\(guessed))"
            ]
        case .malformedDelimiterLine:
            return ["after --\(boundary ?? "BOUNDARY") put \\r\\n (another part follows) or -- (the body ends), "
                    + "nothing else"]
        case .missingContentDisposition, .missingName, .invalidContentDisposition:
            return ["give each part a header Content-Disposition: form-data; name=\"…\" (and filename=\"…\" for files)"]
        case .notMultipartFormData, .missingBoundary, .invalidBoundary:
            return ["send Content-Type: multipart/form-data; boundary=\(guessed ?? "…") with the boundary the body's "
                    + "delimiter lines use"]
        case .tooManyParts:
            return ["send fewer parts: the server reads at most \(MultipartLimits().maxParts)"]
        case .partHeadersTooLarge:
            return ["keep each part's headers under \(MultipartLimits().maxPartHeaderBytes) bytes, and end them "
                    + "with \\r\\n\\r\\n"]
        case .bodyTooLarge:
            return []
        }
    }

    /// The boundary of the first line that starts with `--`, as a client that made the body meant it.
    package static func guessBoundary(in body: [UInt8]) -> String? {
        var lineStart = 0
        while lineStart < body.count {
            let lineEnd = body[lineStart...].firstIndex(of: ASCII.lineFeed) ?? body.count
            var line = body[lineStart..<lineEnd]
            if line.last == ASCII.carriageReturn { line = line.dropLast() }
            if line.starts(with: [ASCII.hyphen, ASCII.hyphen]), line.count > 2 {
                var boundary = line.dropFirst(2)
                if boundary.count > 2, boundary.suffix(2).elementsEqual([ASCII.hyphen, ASCII.hyphen]) {
                    boundary = boundary.dropLast(2)
                }
                return String(decoding: boundary, as: UTF8.self)
            }
            lineStart = lineEnd + 1
        }
        return nil
    }

    /// Line feeds, none of them after a carriage return.
    static func usesBareLineFeeds(_ body: [UInt8]) -> Bool {
        guard body.contains(ASCII.lineFeed) else { return false }
        return !zip(body, body.dropFirst()).contains { $0 == ASCII.carriageReturn && $1 == ASCII.lineFeed }
    }
}
