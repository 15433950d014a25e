/// A response body that many responses send at once without a copy each (an image asked for by many clients):
/// libmicrohttpd reads it in place and drops its reference once the answer is sent, so a slow client holds a
/// reference, not a copy.
package final class SharedBytes: @unchecked Sendable {  // Immutable after init: the bytes are never written again.
    package let start: UnsafeMutableRawPointer
    package let count: Int

    package init(_ bytes: [UInt8]) {
        count = bytes.count
        start = UnsafeMutableRawPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
        bytes.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    }

    deinit {
        start.deallocate()
    }
}
