#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's own addresses on its networks, as another device (a phone on the same Wi-Fi) reaches it.
enum NetworkAddresses {
    /// Every IPv4 (or IPv6) address on an interface that is up, in interface order, without loopback and, for
    /// IPv6, without link-local addresses (they need a zone that no app's URL can carry).
    static func of(ipv6: Bool) -> [String] {
        let family = ipv6 ? AF_INET6 : AF_INET
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                  let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == family,
                  let text = numericHost(address, family: family), !addresses.contains(text)
            else { continue }
            addresses.append(text)
        }
        return addresses
    }

    private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>, family: Int32) -> String? {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let written: UnsafePointer<CChar>?
        if family == AF_INET6 {
            var ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            let isLinkLocal = withUnsafeBytes(of: ipv6) { $0[0] == 0xFE && $0[1] & 0xC0 == 0x80 }  // fe80::/10
            guard !isLinkLocal else { return nil }
            written = inet_ntop(AF_INET6, &ipv6, &text, socklen_t(text.count))
        } else {
            var ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            written = inet_ntop(AF_INET, &ipv4, &text, socklen_t(text.count))
        }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
