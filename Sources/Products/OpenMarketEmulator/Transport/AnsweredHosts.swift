import Foundation

/// The hosts an emulator answers over http and https: its generation's real host and the `hosts` option, each as
/// `host` (the scheme's default port) or `host:port`. Every other URL is left to the network.
struct AnsweredHosts: Sendable {
    /// Lowercased `host:port` authorities, the default port written out.
    private let authorities: Set<String>

    init(generation: OpenMarketEmulator.Generation, extra: [String]) throws(OpenMarketEmulator.SetupError) {
        var authorities: Set<String> = []
        for entry in [generation.host] + extra {
            let (host, port) = try Self.parse(entry)
            if let port {
                authorities.insert("\(host):\(port)")
            } else {
                authorities.insert("\(host):80")
                authorities.insert("\(host):443")
            }
        }
        self.authorities = authorities
    }

    private init(authorities: Set<String>) {
        self.authorities = authorities
    }

    static let none = AnsweredHosts(authorities: [])

    /// The hosts either answers.
    func adding(_ other: AnsweredHosts) -> AnsweredHosts {
        AnsweredHosts(authorities: authorities.union(other.authorities))
    }

    func answers(_ url: URL?) -> Bool {
        guard let url, let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return false }
        let defaultPort = switch scheme {
        case "http": 80
        case "https": 443
        default: 0
        }
        guard defaultPort != 0 else { return false }
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return authorities.contains("\(bracketed):\(url.port ?? defaultPort)")
    }

    /// `host` or `host:port`, an IPv6 address in brackets; nothing else (no scheme, path or spaces).
    private static func parse(_ entry: String) throws(OpenMarketEmulator.SetupError) -> (String, Int?) {
        let usage = "a host is written host or host:port, e.g. 127.0.0.1:8080, localhost or [::1]:8080 (no scheme, "
            + "no path); got \"\(entry)\""
        let text = entry.lowercased()
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789.-_[]:")
        guard !text.isEmpty, text.allSatisfy(allowed.contains) else { throw .init(usage) }
        var host = Substring(text)
        var portText: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw .init(usage) }
            host = text[...close]
            let rest = text[text.index(after: close)...]
            if !rest.isEmpty {
                guard rest.hasPrefix(":") else { throw .init(usage) }
                portText = rest.dropFirst()
            }
        } else if let colon = text.firstIndex(of: ":") {
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        let name = text.hasPrefix("[") ? host.dropFirst().dropLast() : host
        guard !name.isEmpty, !name.contains("["), !name.contains("]") else { throw .init(usage) }
        guard let portText else { return (String(host), nil) }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw .init("a host's port must be 1 to 65535; got \"\(entry)\"")
        }
        return (String(host), port)
    }
}
