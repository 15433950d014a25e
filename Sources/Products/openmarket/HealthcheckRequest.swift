import OpenMarketHTTPCore
import OpenMarketWireFormat

/// The status and body of the answer to a health check.
struct HealthcheckAnswer {
    var status: Int
    var body: [UInt8]
}

/// One `GET` over a fresh connection with `Connection: close`. Not a general client: the body is delimited by
/// Content-Length (which the emulator always sends) or by the connection closing, and reading stops at a cap, since
/// a health check only needs the status and a few bytes.
enum HealthcheckRequest {
    static let maximumAnswerBytes = 65_536

    static func get(_ url: HealthcheckURL, timeout: Duration) throws(HealthcheckFailure) -> HealthcheckAnswer {
        let socket = try DeadlineSocket(host: url.host, port: url.port, deadline: .now + timeout)
        // Marked as a health check, so the server neither journals it nor logs it at info.
        let request = "GET \(url.path) HTTP/1.1\r\nHost: \(url.hostHeader)\r\nUser-Agent: openmarket-healthcheck\r\n"
            + "\(Request.healthCheckHeader): 1\r\nAccept: */*\r\nConnection: close\r\n\r\n"
        try socket.send(Array(request.utf8))

        var received: [UInt8] = []
        var head: (status: Int, bodyStart: Int, length: Int?)?
        while received.count < maximumAnswerBytes {
            let chunk = try socket.receive(upTo: maximumAnswerBytes - received.count)
            received += chunk
            if head == nil { head = try parseHead(received) }
            if let head, let length = head.length, received.count - head.bodyStart >= length { break }
            if chunk.isEmpty { break }
        }
        guard let head else {
            throw HealthcheckFailure(received.isEmpty ? "the server closed the connection without answering"
                                                      : "the answer is not HTTP: \(HealthcheckAnswer.excerpt(received))")
        }
        let bodyEnd = head.length.map { min(received.count, head.bodyStart + $0) } ?? received.count
        return HealthcheckAnswer(status: head.status, body: Array(received[head.bodyStart..<bodyEnd]))
    }

    /// The status and body position once the blank line after the headers has arrived; nil before that.
    private static func parseHead(_ bytes: [UInt8]) throws(HealthcheckFailure) -> (status: Int, bodyStart: Int, length: Int?)? {
        let blankLine: [UInt8] = [13, 10, 13, 10]
        guard bytes.count >= blankLine.count,
              let end = (0...(bytes.count - blankLine.count)).first(where: { bytes[$0..<($0 + 4)].elementsEqual(blankLine) })
        else { return nil }
        let lines = String(decoding: bytes[..<end], as: UTF8.self).split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines[0].split(separator: " ")
        guard statusLine.count >= 2, statusLine[0].hasPrefix("HTTP/"), let status = Int(statusLine[1]) else {
            throw HealthcheckFailure("the answer is not HTTP: \(HealthcheckAnswer.excerpt(bytes))")
        }
        let declared = lines.dropFirst().lazy.compactMap { line -> Substring? in
            let parts = line.split(separator: ":", maxSplits: 1)
            return parts.count == 2 && parts[0].lowercased() == "content-length" ? parts[1] : nil
        }.first
        guard let declared else { return (status, end + blankLine.count, nil) }
        // A length the check could never read (negative, garbage or past its cap) is not an answer to trust.
        guard let length = Int(declared.trimmingSpaces), (0...maximumAnswerBytes).contains(length)
        else {
            throw HealthcheckFailure("the answer has an unusable Content-Length: \(HealthcheckAnswer.excerpt(Array(declared.utf8)))")
        }
        return (status, end + blankLine.count, length)
    }
}

extension HealthcheckAnswer {
    /// The start of some bytes as a quoted, escaped string, for a message on one line.
    static func excerpt(_ bytes: [UInt8]) -> String {
        let limit = 60
        let text = String(decoding: bytes.prefix(limit), as: UTF8.self)
        return text.debugDescription + (bytes.count > limit ? "…" : "")
    }
}
