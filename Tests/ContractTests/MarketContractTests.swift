import Testing

/// The contract tests: every call of the client against a real v2b server. Each test gets a fresh server through
/// the suite's instance, which lives exactly as long as the test; the tests themselves are extensions of this
/// suite, one file per area of the API.
@Suite("contract: OpenMarketClient against the real v2b server")
struct MarketContractTests {
    let market: ContractMarket

    init() throws {
        market = try ContractMarket()
    }
}
