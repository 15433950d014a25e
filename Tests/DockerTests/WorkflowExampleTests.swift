import Foundation
import Testing
import Yams

@Suite("docs/docker-and-ci.md: the GitHub Actions examples")
struct WorkflowExampleTests {
    /// The page's ```yaml blocks, parsed.
    private func workflows() throws -> [[String: Any]] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in try RepositoryFile.text("docs/docker-and-ci.md").split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```yaml" {
                current = []
            } else if line == "```", let finished = current {
                blocks.append(finished.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return try blocks.map { try #require(try Yams.load(yaml: $0) as? [String: Any]) }
    }

    private func steps(of job: [String: Any]) -> [[String: Any]] {
        (job["steps"] as? [Any] ?? []).compactMap { $0 as? [String: Any] }
    }

    @Test("every block parses, and each job says where it runs and what it does")
    func jobsParse() throws {
        let blocks = try workflows()
        #expect(blocks.count >= 3)
        for block in blocks {
            let jobs = (block["jobs"] as? [String: Any] ?? block).values.compactMap { $0 as? [String: Any] }
            #expect(jobs.count == 1)
            for job in jobs {
                #expect(job["runs-on"] is String)
                #expect(!steps(of: job).isEmpty)
            }
        }
    }

    @Test("the iOS job runs on macOS, builds with the documented build command, waits on healthcheck, passes the URL to xcodebuild")
    func iOSJob() throws {
        let workflow = try #require(try workflows().first { $0["jobs"] != nil })
        let job = try #require((workflow["jobs"] as? [String: Any])?.values.first as? [String: Any])
        #expect((job["runs-on"] as? String)?.hasPrefix("macos") == true)
        let runs = steps(of: job).compactMap { $0["run"] as? String }
        let command = try RepositoryFile.buildCommand()
        #expect(runs.contains { $0.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command } })
        #expect(runs.contains { $0.contains("openmarket healthcheck") && $0.contains("./scripts/serve") })
        let test = try #require(steps(of: job).first { ($0["run"] as? String)?.contains("xcodebuild test") == true })
        let environment = test["env"] as? [String: Any] ?? [:]
        #expect(environment.keys.contains { $0.hasPrefix("TEST_RUNNER_") })
    }

    @Test("the Linux jobs start the compose file or the image as a service; services: is never used on macOS")
    func linuxJobs() throws {
        let jobs = try workflows().flatMap { ($0["jobs"] as? [String: Any] ?? $0).values.compactMap { $0 as? [String: Any] } }
        for job in jobs where job["services"] != nil {
            #expect((job["runs-on"] as? String)?.hasPrefix("ubuntu") == true)
        }
        let compose = jobs.flatMap(steps(of:)).compactMap { $0["run"] as? String }.filter { $0.contains("docker compose") }
        #expect(compose.contains { $0.contains("docker/docker-compose.yml up --detach --wait") })
        #expect(jobs.contains { $0["services"] != nil })
    }

    @Test("when up --wait fails, the compose job prints the service's log (where a bad variable is named) and fails")
    func composeLogsOnFailure() throws {
        let jobs = try workflows().flatMap { ($0["jobs"] as? [String: Any] ?? $0).values.compactMap { $0 as? [String: Any] } }
        let runs = jobs.flatMap(steps(of:)).compactMap { $0["run"] as? String }
        let start = try #require(runs.first { $0.contains("docker/docker-compose.yml up --detach --wait") })
        let lines = start.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.first?.hasSuffix("|| {") == true, "\(start)")
        #expect(lines.contains { $0.hasPrefix("docker compose -f openmarket/docker/docker-compose.yml logs") })
        #expect(lines.contains("exit 1"))
    }
}
