// libFuzzer entry point: `openmarket explain`'s input reader (ExplainInput, compiled into this target with what it
// uses), on a raw HTTP request as a proxy copies it, a bare multipart body, or neither. It may refuse, with one line;
// what it reads is a body the input holds: its end as given, or what the chunks of a chunked one carry.
// Byte 0 of an input: odd gives --boundary XyZ; the rest is the input.
import OpenMarketMultipart

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 1 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let boundary = data[0] & 1 == 1 ? "XyZ" : nil
    do throws(RuntimeFailure) {
        let input = try ExplainInput(bytes, boundary: boundary, guessBoundary: MultipartFix.guessBoundary)
        for line in input.notes + [input.contentType] where line.contains("\n") {
            fatalError("a note or the Content-Type spans lines: \(line)")
        }
        let chunked = input.notes.contains { $0.contains("Transfer-Encoding: chunked") }
        guard chunked ? input.body.count <= bytes.count : bytes.suffix(input.body.count).elementsEqual(input.body) else {
            fatalError("the body read is not the end of the input")
        }
    } catch {
        guard !error.description.isEmpty, !error.description.contains("\n"), error.exitStatus == 2 else {
            fatalError("a refusal that is not one line with exit status 2: \(error.description)")
        }
    }
    return 0
}
