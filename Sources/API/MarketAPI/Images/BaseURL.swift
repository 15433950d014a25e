import HTTPCore

/// The scheme and host image URLs start with: `--public-url` when given, else the Host the request was sent to,
/// so the simulator gets 127.0.0.1 URLs and a phone on the LAN gets URLs it can reach.
struct BaseURL: Sendable {
    let text: String

    init(request: Request, publicURL: String?) {
        if let publicURL {
            text = publicURL
        } else if let host = request.headers["Host"], !host.isEmpty, host.allSatisfy({ !$0.isWhitespace && $0 != "/" }) {
            text = "http://\(host)"
        } else {
            text = "http://localhost"
        }
    }

    func url(forKey key: String) -> String {
        "\(text)/\(key)"
    }
}
