import HTTPCore

/// The scheme and host image URLs start with: `--public-url` when given, else the scheme and Host the request was
/// sent with, so the simulator gets 127.0.0.1 URLs, a phone on the LAN gets URLs it can reach, and an app talking to
/// `https://openmarket.yagom-academy.kr` in process gets https ones, as the real server gave.
struct BaseURL: Sendable {
    let text: String

    init(request: Request, publicURL: String?) {
        if let publicURL {
            text = publicURL
        } else if let host = request.headers["Host"], !host.isEmpty, host.allSatisfy({ !$0.isWhitespace && $0 != "/" }) {
            text = "\(request.scheme)://\(host)"
        } else {
            text = "\(request.scheme)://localhost"
        }
    }

    func url(forKey key: String) -> String {
        "\(text)/\(key)"
    }
}
