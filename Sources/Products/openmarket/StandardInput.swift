#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Standard input read to its end with `read(2)`, which FoundationEssentials has no handle for.
enum StandardInput {
    private static let chunk = 64 * 1024

    /// Everything up to end of file; a failure when there is more than `limit` bytes or the read fails.
    static func readAll(limit: Int) throws(RuntimeFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: chunk)
        // Every pass but an interrupted one adds at least a byte or ends, so `limit` bounds the loop.
        while bytes.count <= limit {
            let count = buffer.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, chunk) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                throw RuntimeFailure("cannot read standard input (errno \(errno))", exitStatus: 2)
            }
            bytes += buffer[..<count]
        }
        throw RuntimeFailure("the input is longer than \(limit) bytes, more than any body the server takes", exitStatus: 2)
    }
}
