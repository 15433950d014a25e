import Foundation
import OpenMarketHTTPTestSupport
import OpenMarketTestFixtures

/// The real server's captures and the course's mocks (Tests/Fixtures), read as the golden tests compare them.
package enum SpecSamples {
    /// Every object key of the sample in document order.
    package static func keys(_ name: String) throws -> [String] {
        JSONKeyOrder.keys(in: try Fixtures.text(name))
    }

    package static func json(_ name: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Fixtures.data(name)) as? [String: Any] ?? [:]
    }
}
