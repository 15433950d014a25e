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

/// Each case's payload, for `#require` in tests.
extension OpenMarketError {
    var httpStatusFailure: HTTPStatusFailure? {
        guard case .httpStatus(let failure) = self else { return nil }
        return failure
    }

    var decodingFailure: DecodingFailure? {
        guard case .decoding(let failure) = self else { return nil }
        return failure
    }

    var adminFailure: AdminFailure? {
        guard case .adminRefused(let failure) = self else { return nil }
        return failure
    }

    var transportError: (any Error)? {
        guard case .transport(let error) = self else { return nil }
        return error
    }

    var isInvalidRequest: Bool {
        guard case .invalidRequest = self else { return false }
        return true
    }

    var isMissingCredentials: Bool {
        guard case .missingCredentials = self else { return false }
        return true
    }
}
