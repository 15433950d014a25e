import OpenMarketHTTPCore

/// The scheme and host image URLs start with: `--public-url` when given, else the scheme and Host the request was
/// sent with, so the simulator gets 127.0.0.1 URLs, a phone on the LAN gets URLs it can reach, and an app talking to
/// `https://openmarket.yagom-academy.kr` in process gets https ones, as the real server gave.
struct BaseURL: Sendable {
    let text: String

    init(request: Request, publicURL: String?) {
        if let publicURL {
            text = publicURL
        } else if let host = request.headers["Host"], !host.isEmpty, host.unicodeScalars.allSatisfy(Self.mayBeInHost) {
            text = "\(request.scheme)://\(host)"
        } else {
            text = "\(request.scheme)://localhost"
        }
    }

    /// Whitespace or a "/" would make the host part of another URL. By scalar, with ASCII answered without Unicode's
    /// tables: every detail and list asks, and Character.isWhitespace was a twentieth of a kept-alive detail's time.
    private static func mayBeInHost(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return !scalar.properties.isWhitespace }
        return scalar != "/" && scalar != " " && !("\t"..."\r").contains(scalar)
    }

    func url(forKey key: String) -> String {
        "\(text)/\(key)"
    }
}
