import Foundation
import Testing
import Yams

@Suite("docker/docker-compose.yml")
struct ComposeFileTests {
    private let text: String
    private let compose: [String: Any]

    init() throws {
        text = try RepositoryFile.text("docker/docker-compose.yml")
        compose = try #require(try Yams.load(yaml: text) as? [String: Any])
    }

    private func services(in document: [String: Any]) -> [String: [String: Any]] {
        (document["services"] as? [String: Any] ?? [:]).compactMapValues { $0 as? [String: Any] }
    }

    /// The file with its commented-out YAML lines (`# key:` and `# - item`) switched on; prose comments stay.
    private func uncommented() -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            guard let range = line.range(of: #"^\s*# (?=\s*([A-Za-z0-9_-]+:|- ))"#, options: .regularExpression) else {
                return String(line)
            }
            let indent = line[range].dropLast(2)
            return String(indent) + line[range.upperBound...]
        }.joined(separator: "\n")
    }

    @Test("one service, built from docker/Dockerfile with the repository as context, on the host's loopback port 8080")
    func service() throws {
        let service = try #require(services(in: compose)["openmarket"])
        #expect(services(in: compose).count == 1)
        let build = try #require(service["build"] as? [String: String])
        #expect(build == ["context": "..", "dockerfile": "docker/Dockerfile"])
        let dockerfile = RepositoryFile.root.appendingPathComponent("docker/\(build["context"] ?? "")/\(build["dockerfile"] ?? "")")
        #expect(FileManager.default.fileExists(atPath: dockerfile.standardized.path))
        #expect(service["ports"] as? [String] == ["127.0.0.1:${OPENMARKET_PUBLISHED_PORT:-8080}:8080"])
    }

    @Test("the project is named openmarket, not after the folder (docker) that an app's own project may use")
    func projectName() {
        #expect(compose["name"] as? String == "openmarket")
    }

    @Test("the health check runs the image's openmarket healthcheck, with interval, timeout and retries")
    func healthcheck() throws {
        let service = try #require(services(in: compose)["openmarket"])
        let check = try #require(service["healthcheck"] as? [String: Any])
        let entrypoint = try #require(try Dockerfile(RepositoryFile.text("docker/Dockerfile")).stages.last?
            .all("ENTRYPOINT").last?.execForm)
        #expect(check["test"] as? [String] == ["CMD", entrypoint[0], "healthcheck"])
        #expect(check["interval"] is String)
        #expect((check["retries"] as? Int ?? 0) > 0)
        let timeout = (check["timeout"] as? String).flatMap { $0.hasSuffix("s") ? Int($0.dropLast()) : nil }
        #expect(timeout.map { $0 > 5 } == true, "longer than the check's own 5 s")
    }

    @Test("the container port published is the one the server and its health check read")
    func portFollowsEnvironment() throws {
        let service = try #require(services(in: compose)["openmarket"])
        let environment = try #require(service["environment"] as? [String: Any])
        let containerPort = (service["ports"] as? [String])?.first?.split(separator: ":").last.map(String.init)
        #expect(containerPort == environment["OPENMARKET_PORT"] as? String)
    }

    @Test("the database is in a named volume mounted at /data")
    func namedVolume() throws {
        let service = try #require(services(in: compose)["openmarket"])
        let mount = try #require((service["volumes"] as? [String])?.first)
        let parts = mount.split(separator: ":").map(String.init)
        #expect(parts.count == 2 && parts[1] == "/data")
        #expect((compose["volumes"] as? [String: Any])?.keys.contains(parts[0]) == true)
    }

    @Test("uncommented, the example adds a v2a instance on port 8081 built from the same Dockerfile")
    func secondInstanceExample() throws {
        let document = try #require(try Yams.load(yaml: uncommented()) as? [String: Any])
        let all = services(in: document)
        #expect(all.count == 2)
        let second = try #require(all.first { $0.key != "openmarket" }?.value)
        #expect(second["ports"] as? [String] == ["127.0.0.1:8081:8080"])
        #expect((second["environment"] as? [String: Any])?["OPENMARKET_API"] as? String == "v2a")
        #expect(second["build"] as? [String: String] == all["openmarket"]?["build"] as? [String: String])
        let volume = try #require((second["volumes"] as? [String])?.first?.split(separator: ":").first.map(String.init))
        #expect((document["volumes"] as? [String: Any])?.keys.contains(volume) == true)
    }

    @Test("every variable it sets, commented examples included, is one the flag table of docs/server.md documents")
    func documentedVariables() throws {
        let flagTable = try RepositoryFile.text("docs/server.md")
        let document = try #require(try Yams.load(yaml: uncommented()) as? [String: Any])
        let names = services(in: document).values.flatMap { ($0["environment"] as? [String: Any] ?? [:]).keys }
        #expect(names.count >= 5)
        for name in names {
            #expect(flagTable.contains("`\(name)`"), "\(name)")
        }
    }
}
