#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension String {
    /// Whether the NUL-terminated `bytes` are this string's UTF-8, compared in place. Passing the string itself
    /// where C wants a pointer makes a C copy of it (`utf8CString`, an allocation) on every call.
    func isSpelled(by bytes: UnsafePointer<CChar>) -> Bool {
        var text = self
        return text.withUTF8 { utf8 in
            guard let start = utf8.baseAddress, !utf8.isEmpty else { return bytes[0] == 0 }
            // strncmp stops at the first difference or NUL: when it finds none, `bytes` has `count` bytes before its
            // end, so the byte after them is in bounds.
            return start.withMemoryRebound(to: CChar.self, capacity: utf8.count) { strncmp(bytes, $0, utf8.count) }
                == 0 && bytes[utf8.count] == 0
        }
    }
}
