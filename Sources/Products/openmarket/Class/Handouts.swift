import OpenMarketAPI
import OpenMarketStore

/// The handout pages: one per team, printable on one A4 sheet, and an index that links them. Plain HTML with its
/// style inline, so the folder can be opened, printed or mailed as it is.
struct Handouts {
    let baseURL: String
    let generation: Generation
    let teams: [VendorConfiguration]

    static func fileName(_ index: Int) -> String {
        "team-\(index + 1 < 10 ? "0" : "")\(index + 1).html"
    }

    func page(_ team: VendorConfiguration) -> String {
        let name = escaped(team.name)
        var body = "<h1>\(name)</h1>\n<p class=\"lead\">Your team's account on the class's Open Market server "
            + "(\(generation.name)).</p>\n<table>\n"
            + row("Base URL", baseURL) + row("identifier", team.identifier) + row("secret", team.secret)
            + "</table>\n"
        if generation.usesVendors {
            body += "<h2>Paste into your app</h2>\n<pre>" + escaped("""
                let baseURL = URL(string: "\(baseURL)")!
                let identifier = "\(team.identifier)"
                let secret = "\(team.secret)"
                """) + "</pre>\n<p>Send <code>identifier: \(escaped(team.identifier))</code> as a header with every "
                + "request that registers, edits or deletes a product; the secret goes where the API asks for it.</p>\n"
        } else {
            body += "<h2>Paste into your app</h2>\n<pre>" + escaped("let baseURL = URL(string: \"\(baseURL)\")!")
                + "</pre>\n<p>\(generation.name) has no vendor accounts: the server knows your team by your "
                + "computer's address. Open your page below once from the computer your app (or its simulator) runs "
                + "on, so the server learns it; requests from there count as your team's.</p>\n"
        }
        body += "<h2>Your own requests</h2>\n<p>Open <code>\(escaped(baseURL))/__admin/me/</code> and sign in with "
            + "<b>user</b> <code>\(escaped(team.identifier))</code> and <b>password</b> "
            + "<code>\(escaped(team.secret))</code>. It shows what your app sent and what it got back, why a body "
            + "was refused, and your products; no other team's.</p>\n"
            + "<p>Try it: <code>\(escaped(baseURL + generation.healthCheckPath))</code></p>\n"
        return document(title: "\(team.name) · OpenMarket class", body: body)
    }

    func index() -> String {
        var body = "<h1>OpenMarket class: \(teams.count) teams</h1>\n<p class=\"lead\">Server \(escaped(baseURL)) "
            + "(\(generation.name)). Print each team's page (one sheet each).</p>\n<ol>\n"
        for (index, team) in teams.enumerated() {
            body += "<li><a href=\"\(Self.fileName(index))\">\(escaped(team.name))</a></li>\n"
        }
        return document(title: "OpenMarket class handouts", body: body + "</ol>\n")
    }

    private func row(_ label: String, _ value: String) -> String {
        "<tr><th>\(escaped(label))</th><td><code>\(escaped(value))</code></td></tr>\n"
    }

    private func document(title: String, body: String) -> String {
        """
        <!doctype html>
        <html lang="ko">
        <head>
        <meta charset="utf-8">
        <title>\(escaped(title))</title>
        <style>
        body { font: 16px/1.5 -apple-system, "Apple SD Gothic Neo", "Noto Sans KR", sans-serif; max-width: 42em; margin: 2em auto; padding: 0 1em; color: #111; }
        h1 { font-size: 2em; margin-bottom: 0; }
        .lead { color: #444; margin-top: 0.2em; }
        table { border-collapse: collapse; margin: 1em 0; width: 100%; }
        th { text-align: left; padding: 0.5em 1em 0.5em 0; width: 7em; vertical-align: top; }
        td { padding: 0.5em 0; }
        code, pre { font: 15px/1.4 ui-monospace, Menlo, "DejaVu Sans Mono", monospace; word-break: break-all; }
        td code { font-size: 17px; }
        pre { background: #f4f4f4; padding: 0.8em; white-space: pre-wrap; }
        @media print { body { margin: 0; max-width: none; } a { color: inherit; } }
        </style>
        </head>
        <body>
        \(body)</body>
        </html>

        """
    }

    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
