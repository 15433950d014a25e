import OpenMarketMultipart
import OpenMarketWireFormat

extension Generation {
    /// camp-open-market-2.herokuapp.com, May – Oct 2021: DELETE takes `{"password"}` and answers the deleted item;
    /// errors are `{"message"}` alone (docs/wire-format.md §6.9).
    package static let v1b = Generation(
        name: "v1b", host: "camp-open-market-2.herokuapp.com",
        dialect: .vapor(.password), errors: .v1b, imageKeys: VaporImageKeyLayout(),
        multipartEnding: .closeDelimiterOrLastDelimiterLine)
}
