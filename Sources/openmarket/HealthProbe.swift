/// What `openmarket healthcheck` asks and what it accepts. Without a URL it reads the variables the server reads,
/// so a container's health check follows OPENMARKET_PORT (and OPENMARKET_HOST and OPENMARKET_API) by itself.
struct HealthProbe {
    static let healthPath = "/healthChecker"
    /// The JSON string "OK", quotes included, as the real server wrote it.
    static let healthyBody: [UInt8] = Array(#""OK""#.utf8)

    let url: HealthcheckURL

    init(url: String?, environment: [String: String]) throws {
        self.url = try HealthcheckURL(url ?? Self.defaultURL(environment: environment))
    }

    static func defaultURL(environment: [String: String]) throws -> String {
        let env = EnvironmentReader(environment)
        let port = try env.integer("OPENMARKET_PORT") ?? 8080
        guard (1...65535).contains(port) else {
            throw HealthcheckFailure("OPENMARKET_PORT must be 1 to 65535 for the health check; got \(port) (pass --url instead)")
        }
        let apiName = env["OPENMARKET_API"] ?? "v2b"
        guard let generation = GenerationRegistry.generation(named: apiName) else {
            throw HealthcheckFailure("OPENMARKET_API must be one of \(GenerationRegistry.names); got \"\(apiName)\"")
        }
        let path = generation.healthCheckPath
        return "http://\(loopbackHost(listeningOn: env["OPENMARKET_HOST"])):\(port)\(path)"
    }

    /// Where to reach a server listening on `host`: a wildcard address is reached on loopback.
    private static func loopbackHost(listeningOn host: String?) -> String {
        switch host {
        case nil, "0.0.0.0": "127.0.0.1"
        case "::": "[::1]"
        case let host? where host.contains(":"): "[\(host)]"
        case let host?: host
        }
    }

    /// Asks once; throws the reason when the server is not healthy.
    func check(timeout: Duration) throws(HealthcheckFailure) {
        let answer: HealthcheckAnswer
        do {
            answer = try HealthcheckRequest.get(url, timeout: timeout)
        } catch {
            throw HealthcheckFailure("GET \(url): \(error)")
        }
        if let problem = problem(with: answer) {
            throw HealthcheckFailure("GET \(url) \(problem)")
        }
    }

    /// nil when the answer is healthy: 200, and on /healthChecker the body "OK".
    func problem(with answer: HealthcheckAnswer) -> String? {
        guard answer.status == 200 else {
            let hint = answer.status == 404 && url.path == Self.healthPath
                ? "; a v1 server has no \(Self.healthPath): set OPENMARKET_API=v1a (or v1b) so the check asks "
                    + "what that generation serves, or pass --url"
                : ""
            return "answered \(answer.status), expected 200\(hint)"
        }
        if url.path == Self.healthPath, answer.body != Self.healthyBody {
            return "answered 200 with the body \(HealthcheckAnswer.excerpt(answer.body)), expected \(HealthcheckAnswer.excerpt(Self.healthyBody))"
        }
        return nil
    }
}
