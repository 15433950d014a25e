/// The currencies a v2 Open Market server accepts for a price.
public enum Currency: String, Sendable, Hashable, Codable, CaseIterable {
    /// South Korean won, wire value `"KRW"`.
    case krw = "KRW"
    /// United States dollar, wire value `"USD"`.
    case usd = "USD"
}
