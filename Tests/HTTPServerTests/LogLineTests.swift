import Foundation
@testable import OpenMarketHTTPCore
import Testing

@Suite struct LogLineTests {
    /// The bytes one line writes, read back from a pipe the sink writes to.
    private func written(_ format: (inout LogLine) -> Void) throws -> String {
        let pipe = Pipe()
        let sink = LogSink(fileDescriptor: pipe.fileHandleForWriting.fileDescriptor, flushInterval: 60)
        sink.appendLine(format)
        sink.flush()
        try pipe.fileHandleForWriting.close()
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @Test("quoted client text escapes quotes and backslashes and writes control characters as ?")
    func quotedClientText() throws {
        let line = try written { $0.appendQuotedClientText("a\"b\\c\u{1}d\ne\u{7F}") }
        #expect(line == #""a\"b\\c?d?e?""# + "\n")
    }
}
