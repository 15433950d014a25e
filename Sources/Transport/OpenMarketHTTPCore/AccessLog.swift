/// One line per request on the sink: time, method, target, status, body bytes and handling time, e.g.
/// `2026-11-22T03:21:31.123Z info GET /api/products?page_no=1 200 8495B 41us`. An error's line ends with the
/// message the client got, quoted, so whoever reads the log sees why without the body, e.g.
/// `… GET /api/products/7 404 62B 35us "no product has the id 7"`. A health check's request (see `isHealthCheck`)
/// is written, at debug level, only when `healthChecks` is true.
package struct AccessLog: Sendable {
    let sink: LogSink
    let healthChecks: Bool

    package init(sink: LogSink, healthChecks: Bool = false) {
        self.sink = sink
        self.healthChecks = healthChecks
    }

    package func record(_ request: Request, status: HTTPStatus, bodyBytes: Int, microseconds: Int, errorMessage: String?) {
        let isHealthCheck = request.isHealthCheck
        guard healthChecks || !isHealthCheck else { return }
        sink.appendLine { line in
            line.appendTimestamp()
            line.appendText(isHealthCheck ? " debug " : " info ")
            line.appendClientText(request.method.rawValue)
            line.appendText(" ")
            line.appendClientText(request.path)
            if !request.query.isEmpty {
                line.appendText("?")
                line.appendClientText(request.query)
            }
            line.appendText(" ")
            line.appendNumber(status.code)
            line.appendText(" ")
            line.appendNumber(bodyBytes)
            line.appendText("B ")
            line.appendNumber(microseconds)
            line.appendText("us")
            if let errorMessage {
                line.appendText(" ")
                line.appendQuotedClientText(errorMessage)
            }
        }
    }
}
