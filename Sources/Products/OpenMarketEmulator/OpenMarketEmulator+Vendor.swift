extension OpenMarketEmulator {
    /// A v2 vendor account, as `openmarket serve --vendor name:identifier:secret` configures one: an app signs its
    /// writes with `identifier` and `secret`, and the generation's product JSON shows `name` as the vendor's
    /// (v2b's `vendorName`, the `name` of the `vendors` object).
    ///
    /// Nested rather than a top-level `Vendor`: an app's own model, and the client's, are very likely called
    /// `Vendor` too, and a test that imports the app and this module would find the name ambiguous.
    public struct Vendor: Sendable, Hashable {
        public var name: String
        public var identifier: String
        public var secret: String

        public init(name: String, identifier: String, secret: String) {
            self.name = name
            self.identifier = identifier
            self.secret = secret
        }

        /// A vendor named by its identifier: its products show a name of their own that the test knows, as two
        /// vendors sharing one fixed name could not.
        public init(identifier: String, secret: String) {
            self.init(name: identifier, identifier: identifier, secret: secret)
        }
    }
}
