import Foundation
import Testing

@Suite("docker/Dockerfile")
struct DockerfileTests {
    private let text: String
    private let dockerfile: Dockerfile

    init() throws {
        text = try RepositoryFile.text("docker/Dockerfile")
        dockerfile = try Dockerfile(text)
    }

    private var build: Dockerfile.Stage { dockerfile.stages[0] }
    private var run: Dockerfile.Stage { dockerfile.stages[dockerfile.stages.count - 1] }

    @Test("two stages: an official Swift 6 image on bookworm builds, slim bookworm runs")
    func stages() {
        #expect(dockerfile.stages.count == 2)
        #expect(build.base.hasPrefix("swift:6."))
        #expect(build.base.hasSuffix("-bookworm"))
        #expect(run.base == "debian:bookworm-slim")
    }

    @Test("the build stage has the C libraries' headers and runs the documented build command with a static Swift runtime")
    func buildCommand() throws {
        let command = try RepositoryFile.buildCommand()
        #expect(command.contains("-c release"))
        #expect(build.all("RUN").contains { $0.arguments == command + " --static-swift-stdlib" })
        #expect(build.installedPackages.isSuperset(of: ["libmicrohttpd-dev", "libsqlite3-dev", "pkg-config"]))
        let page = try RepositoryFile.text("docs/docker-and-ci.md")
        #expect(page.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces) == command })
    }

    @Test("the run stage gets one stripped binary and the C libraries it links, no Swift runtime folder")
    func runtimeLibraries() {
        #expect(run.installedPackages == ["libmicrohttpd12", "libsqlite3-0", "libstdc++6"])
        #expect(run.all("COPY").map(\.arguments) == ["--from=build /staging/ /"])
        let staging = build.all("RUN").filter { $0.arguments.contains("/staging") }.map(\.arguments)
        #expect(staging.count == 1)
        #expect(staging.first?.contains("--static-swift-stdlib --show-bin-path)/openmarket\" /staging/usr/local/bin/") == true)
        #expect(staging.first?.contains("strip /staging/usr/local/bin/openmarket") == true)
        #expect(!text.contains("/usr/lib/swift"))
    }

    @Test("the binary is PID 1: an exec-form ENTRYPOINT of openmarket alone (serve by default, any subcommand after the image name), on every interface, and no shell")
    func entrypoint() throws {
        let entrypoints = run.all("ENTRYPOINT")
        #expect(entrypoints.count == 1)
        let command = try #require(entrypoints.last?.execForm)
        #expect(command.count == 1)
        #expect(command.first?.hasSuffix("/openmarket") == true)
        #expect(run.environment["OPENMARKET_HOST"] == "0.0.0.0")
        #expect(run.all("CMD").isEmpty, "a CMD would be replaced by the arguments after the image name")
        #expect(run.all("STOPSIGNAL").allSatisfy { $0.arguments == "SIGTERM" })
    }

    @Test("it runs as a user created in the image with the fixed uid and gid that docs/docker-and-ci.md's chown names, not root")
    func nonRootUser() throws {
        let user = try #require(run.all("USER").last?.arguments)
        let name = String(user.prefix { $0 != ":" })
        #expect(!["root", "0"].contains(name))
        #expect(run.all("RUN").contains {
            $0.arguments.contains("useradd --system --uid 10001 --gid 10001 ") && $0.arguments.contains(" \(name)")
        })
        #expect(run.all("RUN").contains { $0.arguments.contains("groupadd --system --gid 10001 \(name)") })
        #expect(try RepositoryFile.text("docs/docker-and-ci.md").contains("chown 10001:10001"))
    }

    @Test("no `# syntax` line: the builder's own frontend builds it, with nothing pulled from a registry")
    func noSyntaxDirective() {
        let directives = text.split(separator: "\n").prefix { $0.hasPrefix("#") }
            .map { $0.lowercased().replacingOccurrences(of: " ", with: "") }
        #expect(!directives.contains { $0.hasPrefix("#syntax=") }, "\(directives)")
    }

    @Test("the database lives in a volume that the user owns, and port 8080 is exposed and configured")
    func volumeAndPort() {
        #expect(run.all("VOLUME").map(\.arguments) == ["/data"])
        #expect(run.environment["OPENMARKET_DATABASE"] == "/data/openmarket.sqlite")
        #expect(run.all("RUN").contains { $0.arguments.contains("chown openmarket:openmarket /data") })
        #expect(run.all("EXPOSE").map(\.arguments) == ["8080"])
        #expect(run.environment["OPENMARKET_PORT"] == "8080")
    }

    @Test("HEALTHCHECK runs openmarket healthcheck with more time than the check's own 5 s timeout")
    func healthcheck() throws {
        let healthchecks = run.all("HEALTHCHECK")
        #expect(healthchecks.count == 1)
        let arguments = try #require(healthchecks.first?.arguments)
        let parts = arguments.components(separatedBy: " CMD ")
        #expect(parts.count == 2)
        let command = try #require(Dockerfile.Instruction(keyword: "CMD", arguments: parts.last ?? "").execForm)
        let binary = try #require(run.all("ENTRYPOINT").last?.execForm?.first)
        #expect(command == [binary, "healthcheck"])
        let timeout = parts[0].split(separator: " ").first { $0.hasPrefix("--timeout=") }?.dropFirst("--timeout=".count)
        #expect(timeout.flatMap { Int($0.dropLast()) }.map { $0 > 5 } == true, "\(parts[0])")
        #expect(timeout?.hasSuffix("s") == true)
    }

    @Test("the root .dockerignore, which the classic builder reads too, keeps history, build products and databases out")
    func dockerignore() throws {
        let patterns = Set(try RepositoryFile.text(".dockerignore").split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty })
        #expect(patterns.isSuperset(of: [".git", ".build", "**/.build", "**/*.sqlite", "**/*.sqlite-*"]))
        #expect(!FileManager.default.fileExists(atPath: RepositoryFile.root.appendingPathComponent("docker/Dockerfile.dockerignore").path),
                "BuildKit would read only that one, and the two would drift")
    }

    @Test("nothing in it names an architecture, so it builds for linux/amd64 and linux/arm64 alike")
    func architectureNeutral() {
        let instructions = dockerfile.stages.flatMap(\.instructions).map(\.arguments).joined(separator: "\n").lowercased()
        for name in ["x86_64", "amd64", "aarch64", "arm64", "--platform"] {
            #expect(!instructions.contains(name), "\(name)")
        }
    }
}
