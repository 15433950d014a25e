import HTTPServer
import MarketStore

extension StoreError {
    /// The status of a store failure that is about the server's disk or load, not a bug: the client may try again.
    @Sendable static func httpError(_ error: any Error) -> HTTPError? {
        switch error as? StoreError {
        case .diskFull?: HTTPError(status: 507, message: "\(error)")
        case .readOnlyDatabase?, .readersExhausted?: HTTPError(status: 503, message: "\(error)")
        default: nil
        }
    }
}
