package import OpenMarketHTTPCore
package import OpenMarketStore

/// The store's refusals as the client sees them. A handler can meet one after its own checks passed, when another
/// request changed the product in between (a DELETE between the read and the write is a 404, not a 500). On a
/// generation's routes "no such product" reads as the catalogue's `productNotFound` (see `APIRoutes`).
extension StoreError: HTTPResponseError {
    package var status: HTTPStatus {
        switch self {
        case .productNotFound: .notFound
        // Only an insert of exact products (`/__admin/products`) meets it.
        case .productIDTaken: .conflict
        case .thumbnailNotOwnImage, .invalidPage: .badRequest
        // The server's disk or load, not the request: the client may try again later.
        case .diskFull: .insufficientStorage
        // A request still running while the server stops.
        case .readOnlyDatabase, .readersExhausted, .closed: .serviceUnavailable
        // Startup refusals: a handler meeting one is a bug.
        case .schemaTooNew, .generationMismatch, .duplicateVendorIdentifier, .invalidReaderCount, .invalidReaderMaximum,
             .notADatabase, .foreignDatabase:
            .internalServerError
        }
    }

    package var message: String { description }
}
