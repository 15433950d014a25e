/// How the server tells a container's health check from an app's request: `openmarket healthcheck` sends this
/// header. A health check runs every few seconds for as long as the container lives; marked, it is answered like
/// any other request, but the request journal leaves it out and the access log writes it only at debug level, so
/// 720 checks an hour do not push an app's own requests out of the journal or bury them in the log.
extension Request {
    package static var healthCheckHeader: String { "OpenMarket-Healthcheck" }

    package var isHealthCheck: Bool {
        headers[Self.healthCheckHeader] != nil
    }
}
