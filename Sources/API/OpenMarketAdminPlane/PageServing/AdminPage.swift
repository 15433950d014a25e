import OpenMarketHTTPCore

/// One file of the admin page as EmbeddedPageFiles.swift holds it, embedded from Sources/API/OpenMarketAdminPlane/Page
/// by scripts/check-embedded.
struct EmbeddedPageFile: Sendable {
    let fileName: String
    let text: String
}

/// The admin page at `/__admin/`: its HTML, style sheet, script and icon, answered as committed, under a
/// Content-Security-Policy that lets the page run only its own script and style and talk only to this server.
enum AdminPage {
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob:; connect-src 'self'; "
        + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    struct Asset: Sendable {
        let path: String
        let fileName: String
        let contentType: String
    }

    static let assets = [
        Asset(path: "/__admin", fileName: "index.html", contentType: "text/html; charset=utf-8"),
        Asset(path: "/__admin/page.css", fileName: "page.css", contentType: "text/css; charset=utf-8"),
        Asset(path: "/__admin/page.js", fileName: "page.js", contentType: "text/javascript; charset=utf-8"),
        Asset(path: "/__admin/progress.js", fileName: "progress.js", contentType: "text/javascript; charset=utf-8"),
        Asset(path: "/__admin/class.js", fileName: "class.js", contentType: "text/javascript; charset=utf-8"),
        Asset(path: "/__admin/class.css", fileName: "class.css", contentType: "text/css; charset=utf-8"),
        // Named by the page, so the browser does not ask for /favicon.ico, an API request the journal would keep.
        Asset(path: "/__admin/favicon.svg", fileName: "favicon.svg", contentType: "image/svg+xml"),
    ]

    private static let bytes: [String: [UInt8]] = Dictionary(
        uniqueKeysWithValues: embeddedPageFiles.map { ($0.fileName, Array($0.text.utf8)) })

    static func response(_ asset: Asset) -> Response {
        var response = Response(status: .ok, contentType: asset.contentType, body: bytes[asset.fileName] ?? [])
        response.headers.add(name: "Content-Security-Policy", value: contentSecurityPolicy)
        response.headers.add(name: "X-Content-Type-Options", value: "nosniff")
        response.headers.add(name: "Referrer-Policy", value: "no-referrer")
        response.headers.add(name: "Cache-Control", value: "no-cache")
        return response
    }
}
