// libFuzzer entry point: what the server does with a request target. The input, as text, is read as a raw target (the
// router's path split, the query's pairs and the absolute form: none may trap), and is encoded as the client does
// (OpenMarketClient's PercentEncoding, compiled into this target) to check that decoding gives it back: as a query
// value, as query pairs (the input cut at byte 0x01 into names and values) and as path segments (cut at byte 0x02).
@testable import OpenMarketHTTPCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    readAsRawTarget(text)

    let encoded = PercentEncoding.queryComponent(text)
    expect(PercentDecoding.decode(encoded[...], plusIsSpace: true) == text, "a query value", text)
    expect(PercentDecoding.decode(encoded[...], plusIsSpace: false) == text, "a path segment", text)

    let pairs = text.split(separator: "\u{01}", omittingEmptySubsequences: false).map { field in
        let parts = field.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
    }
    let query = pairs.map { PercentEncoding.queryComponent($0.name) + "=" + PercentEncoding.queryComponent($0.value) }
    let parsed = QueryParameters(query.joined(separator: "&")).all
    expect(parsed.map(\.name) == pairs.map(\.name) && parsed.map(\.value) == pairs.map(\.value), "query pairs", text)

    let segments = text.split(separator: "\u{02}").map(String.init)
    let path = "/" + segments.map(PercentEncoding.queryComponent).joined(separator: "/")
    expect(RequestPath.segments(path) == segments, "path segments", text)
    expect(RequestPath.segments(RequestTarget.path("http://localhost:8080" + path)) == segments, "an absolute form", text)
    return 0
}

private func readAsRawTarget(_ target: String) {
    let question = target.firstIndex(of: "?") ?? target.endIndex
    let path = RequestTarget.path(String(target[..<question]))
    _ = RequestPath.segments(path)
    _ = QueryParameters(String(target[question...].dropFirst())).all
}

private func expect(_ condition: Bool, _ what: String, _ text: String) {
    if !condition { fatalError("\(what) did not survive encoding and decoding: \(Array(text.utf8))") }
}
