public import OpenMarketClient

extension OpenMarketEmulator {
    /// A product a test needs exactly as the real server had it: its id, its words, its secret, its pictures. It is
    /// the client's type, so that the same values go to ``insert(_:)`` in process and to `OpenMarketAdmin.insert` on
    /// a server; its documentation says how each generation reads the words. (Spelled through `OpenMarketAdmin`:
    /// `OpenMarketClient.SeedProduct` would name a member of the client's struct, not of its module.)
    public typealias SeedProduct = OpenMarketAdmin.SeedProduct
}
