import OpenMarketHTTPCore
import OpenMarketHTTPServer

/// Starts a server on an ephemeral loopback port for one test and stops it when the test is done with it.
func withServer<T>(
    configuration: ServerConfiguration = ServerConfiguration(port: 0),
    routes: (inout Router) -> Void,
    _ body: (HTTPServer) throws -> T
) throws -> T {
    var router = Router { error in
        Response(status: error.status, contentType: "text/plain", body: Array(error.message.utf8))
    }
    routes(&router)
    var configuration = configuration
    configuration.port = 0
    let server = try HTTPServer(configuration: configuration, router: router)
    defer { server.stop() }
    return try body(server)
}

func okRoute(_ router: inout Router) {
    router.on(.get, "/healthChecker") { _, _ in
        Response(status: .ok, contentType: "application/json", body: Array("\"OK\"".utf8))
    }
}

/// Like `withServer`, with errors rendered the way a generation does (JSON), so tests can tell the router's body from
/// libmicrohttpd's HTML.
func withJSONErrorServer<T>(
    configuration: ServerConfiguration = ServerConfiguration(port: 0),
    routes: (inout Router) -> Void = okRoute,
    _ body: (HTTPServer) throws -> T
) throws -> T {
    var router = Router { error in
        Response(status: error.status, contentType: "application/json",
                 body: Array("{\"code\":\(error.status.code),\"message\":\"\(error.message)\"}".utf8))
    }
    routes(&router)
    let server = try HTTPServer(configuration: configuration, router: router)
    defer { server.stop() }
    return try body(server)
}
