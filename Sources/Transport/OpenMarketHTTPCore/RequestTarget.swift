/// The path of a request target. HTTP/1.1 servers must accept the absolute form (`http://host:port/path`, which
/// proxies send) as well as the usual origin form (`/path`); both route by their path.
package enum RequestTarget {
    package static func path(_ rawPath: String) -> String {
        // The first byte, not hasPrefix: every request passes here, and a String prefix walks grapheme boundaries.
        guard rawPath.utf8.first != UInt8(ascii: "/") else { return rawPath }
        let lowercased = rawPath.lowercased()
        let scheme = ["http://", "https://"].first { lowercased.hasPrefix($0) }
        guard let scheme else { return rawPath }
        let authorityAndPath = rawPath.dropFirst(scheme.count)
        guard let slash = authorityAndPath.firstIndex(of: "/") else { return "/" }
        return String(authorityAndPath[slash...])
    }
}
