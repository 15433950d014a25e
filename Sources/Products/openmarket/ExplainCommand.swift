import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import OpenMarketAPI
import OpenMarketEmulatorCore
import OpenMarketMultipart
import OpenMarketWireFormat
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `openmarket explain`: a multipart body drawn byte by byte, with the server's verdict and the fix.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show how the server reads a multipart/form-data body, where it breaks and how to fix it.",
        discussion: """
            Give a raw HTTP request as Proxyman or Charles copies it (or `nc -l 8080 > request.txt` captures it), \
            or the body alone, with --boundary or with the boundary guessed from its first line starting with --. \
            Exit status: 0 the server would accept the body, 1 it would refuse it, 2 the input cannot be read.

            Examples:
              openmarket explain request.txt
              pbpaste | openmarket explain --api v1a
              openmarket explain body.bin --boundary Boundary-7F3A
            """)

    @Argument(help: "The file to read; - or nothing for standard input.")
    var file: String = "-"

    @Option(help: "The boundary of a bare body; guessed from its first line starting with -- when not given.")
    var boundary: String?

    @Option(help: "The server generation whose verdict to give: \(GenerationRegistry.names).")
    var api: String = Generation.default.name

    func run() throws {
        guard let generation = GenerationRegistry.generation(named: api) else {
            throw ValidationError("--api must be one of \(GenerationRegistry.names); got \(api)")
        }
        try RuntimeFailure.reporting(command: "explain") {
            let input = try ExplainInput(try readInput(), boundary: boundary, guessBoundary: MultipartFix.guessBoundary)
            if generation.readsAsJSON(contentType: input.contentType) {
                throw RuntimeFailure(
                    "\(generation.name) reads a body sent as \(input.contentType) as JSON, not as multipart: there is "
                        + "no multipart body to explain", exitStatus: 2)
            }
            let server = generation.explainingServer
            let explanation = MultipartExplanation(
                body: input.body, contentType: input.contentType, server: server,
                sniff: { ImageSniffer.mediaType(of: $0) }, describeImage: ImageSize.summary,
                colour: isatty(STDOUT_FILENO) == 1)
            print(input.notes.map { "note: \($0)\n" }.joined() + explanation.text, terminator: "")
            if !explanation.accepted { throw ExitCode(1) }
        }
    }

    /// More than any body the server takes (its --max-body-bytes defaults to 32 MiB), with room for headers.
    private static let inputLimit = 64 * 1024 * 1024

    private func readInput() throws(RuntimeFailure) -> [UInt8] {
        if file == "-" { return try StandardInput.readAll(limit: Self.inputLimit) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw RuntimeFailure("cannot read \(file); give a readable file, or - for standard input", exitStatus: 2)
        }
        return Array(data)
    }
}
