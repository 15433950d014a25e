// libFuzzer entry point: parses the input whole and cut into random chunks, and traps when the two
// disagree or a result breaks an invariant.
//
// Input layout: byte 0 picks options, byte 1 seeds the chunk sizes, the rest is the body.
//   bits 0-1 of byte 0: which boundary the Content-Type names
//   bit 2: tiny limits, so that every limit is reached
//   bit 3: the body's first line is used as the Content-Type header instead

private let boundaries = ["X", "----WebKitFormBoundary7MA4YWxkTrZu0gW", "Boundary-6B3A", "--"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let options = data[0]
    var body = Array(UnsafeBufferPointer(start: data + 2, count: size - 2))
    var contentType = "multipart/form-data; boundary=\"\(boundaries[Int(options & 3)])\""
    if options & 8 != 0 {
        let lineEnd = body.firstIndex(of: UInt8(ascii: "\n")) ?? body.endIndex
        contentType = String(decoding: body[..<lineEnd], as: UTF8.self)
        body = Array(body[min(lineEnd + 1, body.endIndex)...])
    }
    let limits = options & 4 != 0
        ? MultipartLimits(maxParts: 3, maxPartHeaderBytes: 80, maxBodyBytes: 2000)
        : MultipartLimits()
    let whole = outcome { () throws(MultipartError) in
        try MultipartParser.parse(body: body, contentType: contentType, limits: limits)
    }
    var random = SplitMix64(seed: UInt64(data[1]))
    let chunked = outcome { () throws(MultipartError) in
        var parser = try MultipartParser(contentType: contentType, limits: limits)
        var start = 0
        while start < body.count {
            let span = random.next() % 2 == 0 ? 16 : 4096
            let end = min(body.count, start + 1 + Int(random.next() % UInt64(span)))
            try parser.feed(body[start..<end])
            start = end
        }
        return try parser.finish()
    }
    guard whole == chunked else { fatalError("whole and chunked parses differ: \(whole) vs \(chunked)") }
    check(whole, body: body, limits: limits)
    return 0
}

private func outcome(_ parse: () throws(MultipartError) -> [MultipartPart]) -> Result<[MultipartPart], MultipartError> {
    do throws(MultipartError) {
        return .success(try parse())
    } catch {
        return .failure(error)
    }
}

private func check(_ result: Result<[MultipartPart], MultipartError>, body: [UInt8], limits: MultipartLimits) {
    switch result {
    case .success(let parts):
        guard parts.count <= limits.maxParts else { fatalError("more parts than the limit") }
        for (position, part) in parts.enumerated() {
            guard part.index == position + 1,
                part.bodyOffset >= 0, part.bodyOffset + part.body.count <= body.count,
                body[part.bodyOffset..<(part.bodyOffset + part.body.count)].elementsEqual(part.body)
            else { fatalError("part \(position + 1) does not match the body bytes at its offset") }
        }
    case .failure(let error):
        // Excerpts count bytes before escaping, so an unprintable boundary quoted twice makes about 1,100 bytes.
        guard !error.message.contains(where: { $0 == "\r" || $0 == "\n" }), error.message.utf8.count < 2_000,
            (error.offset ?? 0) <= body.count, error.part.map({ $0 >= 1 }) ?? true
        else { fatalError("bad error value: \(error)") }
    }
}
