import OpenMarketClient

/// Runs a client call that must fail and returns its error; `nil` when it succeeded or threw
/// something that is not an ``OpenMarketError``.
func caughtError(_ call: () async throws -> some Any) async -> OpenMarketError? {
    do {
        _ = try await call()
        return nil
    } catch {
        return error as? OpenMarketError
    }
}
