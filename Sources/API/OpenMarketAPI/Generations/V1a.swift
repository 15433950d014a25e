import OpenMarketMultipart
import OpenMarketWireFormat

extension Generation {
    /// camp-open-market.herokuapp.com, Jan – Feb 2021: DELETE takes `{"id","password"}` and answers `{"id"}`.
    package static let v1a = Generation(
        name: "v1a", host: "camp-open-market.herokuapp.com",
        dialect: .vapor(.idAndPassword), errors: .vapor, imageKeys: VaporImageKeyLayout(),
        multipartEnding: .closeDelimiterOrLastDelimiterLine)
}
