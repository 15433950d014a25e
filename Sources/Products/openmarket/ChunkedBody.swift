/// A request body sent with `Transfer-Encoding: chunked`, as `nc -l` captures a streamed upload: the chunks joined
/// back into the bytes the server reads (libmicrohttpd removes the framing before any handler sees the body).
enum ChunkedBody {
    /// The joined chunks; nil when the framing is broken or cut short before the last (empty) chunk.
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        // Every pass moves past a size line, so the input's length bounds the loop.
        while let lineEnd = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) {
            // The size is hexadecimal, maybe followed by `;extensions`, then CRLF.
            let line = String(decoding: bytes[index..<lineEnd], as: UTF8.self)
            guard let sizeText = line.split(separator: ";").first?.split(separator: "\r").first,
                let size = Int(sizeText.filter { $0 != " " && $0 != "\t" }, radix: 16), size >= 0
            else { return nil }
            if size == 0 { return body }
            let dataEnd = lineEnd + 1 + size
            guard dataEnd <= bytes.count else { return nil }
            body += bytes[(lineEnd + 1)..<dataEnd]
            index = dataEnd
            if bytes[index...].starts(with: [UInt8(ascii: "\r"), UInt8(ascii: "\n")]) {
                index += 2
            } else if bytes[index...].first == UInt8(ascii: "\n") {
                index += 1
            } else {
                return nil
            }
        }
        return nil
    }
}
