#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// This machine's own addresses, for tests that must reach a server as a peer other than loopback.
package enum MachineAddress {
    /// The first IPv4 address of an interface that is up and not loopback; nil on a machine without one.
    package static var nonLoopbackIPv4: String? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor?.pointee {
            defer { cursor = entry.ifa_next }
            guard let address = entry.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                entry.ifa_flags & UInt32(IFF_UP) != 0, entry.ifa_flags & UInt32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [UInt8](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var inet = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            inet_ntop(AF_INET, &inet, &text, socklen_t(text.count))
            return String(decoding: text.prefix { $0 != 0 }, as: UTF8.self)
        }
        return nil
    }
}
