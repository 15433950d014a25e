import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import OpenMarketLocking
import OpenMarketEmulator
import XCTest

/// A course app's tests as students wrote them: a fresh emulator installed in `setUp` and uninstalled in
/// `tearDown`, and a test that sends its request and returns without waiting, asserting in the completion handler.
/// The emulators answer a loopback listener's address, which stands in for the real server: whatever escapes them
/// reaches that socket and nothing else.
final class LateRequestXCTests: XCTestCase {
    /// The words of the assertion the test below makes too late to be waited for, and expects to fail.
    private static let lateAssertion = "a course app's expectation of the live server's catalogue"

    private var standIn: ProductionHostStandIn!
    private var emulator: OpenMarketEmulator!
    /// The late assertion's failures as they were recorded, and whether the test was still running then.
    private let lateFailures = Locked<[Bool]>([])
    /// What a test expects of them once tearDown has waited.
    private var expectedLateFailures: [Bool] = []

    override func setUpWithError() throws {
        standIn = try ProductionHostStandIn()
        // Answers slow enough that a test that does not wait is over long before they come.
        emulator = try OpenMarketEmulator(.init(generation: .v2b, latency: 300...300, hosts: [standIn.host]))
        emulator.install()
        XCTAssertTrue(OpenMarketEmulator.installReachesSharedSession)
    }

    override func tearDown() {
        XCTAssertTrue(emulator.waitForRequestsInFlight(timeout: 60), "the answers still in flight arrived")
        XCTAssertEqual(lateFailures.withLock { $0 }, expectedLateFailures, "late failures, each while its test ran")
        emulator.uninstall()
        XCTAssertFalse(standIn.wasReached(), "no request reached the stand-in for the real host")
    }

    /// The late assertion's failure is kept instead of failing this suite, with whether it came while its test ran:
    /// after the test run has stopped, XCTest on Linux aborts the whole run instead.
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard description.contains(Self.lateAssertion) else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        let running = testRun?.startDate != nil && testRun?.stopDate == nil
        lateFailures.withLock { $0.append(running) }
    }

    func test_aFetchNotWaitedFor_failsInItsOwnTest_whenTearDownWaitsForRequestsInFlight() {
        ProductFeed(baseURL: "http://\(standIn.host)").productCount { result in
            XCTAssertEqual(try? result.get(), 54, Self.lateAssertion)
        }
        // The assertion fails (the store is empty), once tearDown has waited, while this test still runs.
        expectedLateFailures = [true]
    }

    func test_aRequestSentAfterUninstall_failsAtOnceAndNeverReachesTheRealHost() throws {
        emulator.uninstall()
        let failed = expectation(description: "the request failed")
        ProductFeed(baseURL: "http://\(standIn.host)").productCount { result in
            guard case .failure(let error) = result else { return XCTFail("answered after uninstall(): \(result)") }
            XCTAssertEqual(error.code, .cannotConnectToHost)
            XCTAssertTrue(error.localizedDescription.contains("no OpenMarketEmulator is installed"), error.localizedDescription)
            failed.fulfill()
        }
        wait(for: [failed], timeout: 30)
        XCTAssertFalse(standIn.wasReached())
    }

    func test_releasedHosts_reachTheNetworkAgain_untilTheNextInstall() throws {
        emulator.uninstall()
        OpenMarketEmulator.releaseGuardedHosts()
        let released = try ProductionHostStandIn()
        let outsider = try OpenMarketEmulator(.init(generation: .v2b, hosts: [released.host]))
        outsider.install()
        outsider.uninstall()
        OpenMarketEmulator.releaseGuardedHosts()
        ProductFeed(baseURL: "http://\(released.host)").productCount { _ in }
        XCTAssertTrue(released.wasReached(within: 30_000), "the released host's request went to the network")
        emulator.install()  // Guards the stand-in's host again for tearDown.
    }
}

/// A course app's networking as students wrote it: the shared session and a completion handler, nothing a test
/// can wait on.
private struct ProductFeed {
    let baseURL: String

    func productCount(_ completion: @escaping @Sendable (Result<Int, URLError>) -> Void) {
        let url = URL(string: "\(baseURL)/api/products?page_no=1&items_per_page=10")!
        URLSession.shared.dataTask(with: url) { data, _, error in
            if let error {
                return completion(.failure(error as? URLError ?? URLError(.unknown)))
            }
            let page = (try? JSONSerialization.jsonObject(with: data ?? Data())) as? [String: Any]
            completion(.success(page?["totalCount"] as? Int ?? -1))
        }.resume()
    }
}
