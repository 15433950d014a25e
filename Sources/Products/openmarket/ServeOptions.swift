import ArgumentParser
import Logging
import OpenMarketAdminPlane

struct ServeOptions: ParsableArguments {
    @Option(help: "Address to listen on; 0.0.0.0 lets a phone on the LAN reach it. (default: 127.0.0.1)")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one. (default: 8080)")
    var port: Int?

    @Option(help: "SQLite file holding products and images; :memory: keeps nothing. (default: ./openmarket.sqlite)")
    var database: String?

    @Option(help: "API generation to speak: \(GenerationRegistry.names). (default: \(GenerationRegistry.defaultName))")
    var api: String?

    @Option(name: .customLong("vendor"), help: "A vendor as NAME:IDENTIFIER:SECRET; repeat for more.")
    var vendors: [String] = []

    @Option(name: .customLong("class"), help: ArgumentHelp(
        "Serve a class: a CSV roster, one student a line as NAME or NAME,TEAM; each team gets its own account.",
        valueName: "roster.csv"))
    var classRoster: String?

    @Option(help: """
        Fill an empty store: "demo" for the built-in shop, "generated:N" for N products (1 to 1,000,000), or the \
        path of a fixture file (JSON).
        """)
    var seed: String?

    @Flag(help: "Enforce the course rules (1-5 images of at most 300 KB, name and description lengths, discount <= price).")
    var strict = false

    @Option(help: "Scheme and host put into image URLs, e.g. http://192.168.0.10:8080 (default: the request's Host).")
    var publicURL: String?

    @Option(help: "Largest request body accepted, in bytes. (default: 33554432)")
    var maxBodyBytes: Int?

    @Option(help: "Worker threads. (default: the number of cores)")
    var threads: Int?

    @Flag(help: "Turn off the admin API: every /__admin path is then an unknown route.")
    var noAdmin = false

    @Option(help: "Let other machines use the admin API when they send Authorization: Bearer TOKEN.")
    var adminToken: String?

    @Option(help: "How many API requests the journal keeps for /__admin/requests; 0 turns it off. (default: 1000)")
    var journal: Int?

    @Option(help: "Keep each request and response body in the journal up to this many bytes. (default: 1048576)")
    var journalBodyBytes: Int?

    @Option(help: "Delay every API answer by MS milliseconds, or uniformly by MIN-MAX; PUT /__admin/latency changes it.")
    var latency: String?

    @Option(
        help: ArgumentHelp(
            "Carry bodies as slowly as a phone's network: a profile (\(NetworkProfile.names)), which sets its latency "
                + "too unless --latency is given, or DOWN/UP bytes per second (one number for both); "
                + "PUT /__admin/network changes it.",
            valueName: "profile-or-rates"))
    var network: String?

    @Option(help: "Seed for faults' probability and latency draws, so a run can be repeated (a whole number).")
    var faultSeed: UInt64?

    @Option(help: "trace, debug, info, notice, warning, error or critical. (default: info)")
    var logLevel: String?
}
