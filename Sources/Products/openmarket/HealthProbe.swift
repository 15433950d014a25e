import ArgumentParser
import OpenMarketAPI
import OpenMarketHTTPServer

/// What `openmarket healthcheck` asks and what it accepts. Without a URL it reads the variables the server reads,
/// so a container's health check follows OPENMARKET_PORT (and OPENMARKET_HOST and OPENMARKET_API) by itself.
struct HealthProbe {
    /// The Spring generations' health check, the one path whose answer is known whatever the store holds.
    static let healthPath = SpringAPI.healthCheckPath

    let url: HealthcheckURL

    /// A base URL (no path, or `/`) asks the health path of the generation OPENMARKET_API names; any other path is
    /// asked as given.
    init(url: String?, environment: [String: String]) throws {
        guard let url else {
            self.url = try HealthcheckURL(Self.defaultURL(environment: environment))
            return
        }
        var given = try HealthcheckURL(url)
        if given.isBase {
            given.path = try ServeSettings.selectedGeneration(
                named: environment["OPENMARKET_API"], givenAs: "OPENMARKET_API").healthCheckPath
        }
        self.url = given
    }

    /// Resolved exactly as `serve` resolves its settings, so the check asks where a server started with the same
    /// environment listens, and for the path its generation answers.
    static func defaultURL(environment: [String: String]) throws -> String {
        let settings = try ServeSettings(options: ServeOptions.parse([]), environment: environment)
        guard settings.server.port != 0 else {
            throw HealthcheckFailure("OPENMARKET_PORT is 0, a port chosen at startup; pass --url with the port it printed")
        }
        return settings.listeningURL(port: settings.server.port) + settings.generation.healthCheckPath
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
                ? "; a v1 server has no \(Self.healthPath): set "
                    + GenerationRegistry.names(healthCheckOtherThan: Self.healthPath, prefix: "OPENMARKET_API=")
                    + " so the check asks "
                    + "what that generation serves, or pass --url"
                : ""
            return "answered \(answer.status), expected 200\(hint)"
        }
        if url.path == Self.healthPath, answer.body != SpringAPI.healthyBody {
            return "answered 200 with the body \(HealthcheckAnswer.excerpt(answer.body)), expected \(HealthcheckAnswer.excerpt(SpringAPI.healthyBody))"
        }
        return nil
    }
}
