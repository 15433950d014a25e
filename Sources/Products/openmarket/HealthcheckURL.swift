/// Why `openmarket healthcheck` found the server unhealthy, as one line.
struct HealthcheckFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The `http://host[:port]/path` a health check asks. Plain HTTP only: the emulator has no TLS.
struct HealthcheckURL: CustomStringConvertible {
    let host: String
    let port: UInt16
    var path: String
    /// No path or just `/`, as in the URL the server prints at startup.
    let isBase: Bool

    init(_ text: String) throws(HealthcheckFailure) {
        let scheme = "http://"
        guard text.lowercased().hasPrefix(scheme) else {
            throw HealthcheckFailure("the URL must start with http:// (the emulator speaks plain HTTP); got \"\(text)\"")
        }
        let rest = text.dropFirst(scheme.count)
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        let target = rest.dropFirst(authority.count)
        path = target.isEmpty ? "/" : target.first == "?" ? "/" + target : String(target)
        isBase = path == "/"

        let hostPart: Substring
        let portPart: Substring?
        if authority.hasPrefix("[") {  // An IPv6 literal, e.g. [::1]:8080.
            guard let close = authority.firstIndex(of: "]") else {
                throw HealthcheckFailure("the URL's IPv6 address has no closing ]; got \"\(text)\"")
            }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            portPart = after.isEmpty ? nil : after.first == ":" ? after.dropFirst() : after
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[..<colon]
            portPart = authority[authority.index(after: colon)...]
        } else {
            hostPart = authority
            portPart = nil
        }
        guard !hostPart.isEmpty else { throw HealthcheckFailure("the URL has no host; got \"\(text)\"") }
        host = String(hostPart)
        guard let portPart else {
            port = 80
            return
        }
        guard let number = UInt16(portPart), number > 0 else {
            throw HealthcheckFailure("the URL's port must be 1 to 65535; got \"\(portPart)\" in \"\(text)\"")
        }
        port = number
    }

    /// The URL asked, which names the path even when the one given had none.
    var description: String {
        "http://\(hostHeader)\(path)"
    }

    /// The Host header: IPv6 literals keep their brackets.
    var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == 80 ? name : "\(name):\(port)"
    }
}
