#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The delimiter search leans on the C library's vectorised memchr and memcmp;
// this is the only file that touches the platform.

/// The index of the first `byte` in `buffer[start..<buffer.count]`, if any.
func firstIndex(of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    guard let base = buffer.baseAddress, start < buffer.count else { return nil }
    guard let found = memchr(base + start, Int32(byte), buffer.count - start) else { return nil }
    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
}

/// Whether `count` bytes at `lhs` equal those at `rhs`.
func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, count: Int) -> Bool {
    memcmp(lhs, rhs, count) == 0
}
