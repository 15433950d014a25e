import Foundation

/// How `LiveServer` carries requests: over a real socket to `HTTPServer`, or in process through
/// `OpenMarketEmulator`'s URLProtocol. `scripts/test` runs the API and contract suites once each way
/// (`OPENMARKET_TEST_TRANSPORT=in-process`), so every difference between the transports fails a test.
package enum TestTransport: String, Sendable {
    case socket
    case inProcess = "in-process"

    /// From OPENMARKET_TEST_TRANSPORT; the socket when it is unset. A value that names neither stops the run.
    package static let current: TestTransport = {
        guard let name = ProcessInfo.processInfo.environment["OPENMARKET_TEST_TRANSPORT"], !name.isEmpty else {
            return .socket
        }
        guard let transport = TestTransport(rawValue: name) else {
            fatalError("OPENMARKET_TEST_TRANSPORT must be socket or in-process; got \"\(name)\"")
        }
        return transport
    }()
}
