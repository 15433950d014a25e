import OpenMarketHTTPCore
import OpenMarketHTTPShim

/// How a response's body and headers reach the shim, for an answer made for one send and for a prepared one alike.
extension Response {
    /// The shim's calls that take a body: a shared body in place, with a reference the shim holds until libmicrohttpd
    /// is done with it (then it calls `releaseSharedBody`); else the array's bytes, which the shim copies before the
    /// call returns (no release).
    func withShimBody<Result>(
        _ hand: (UnsafeRawPointer?, Int, (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, UnsafeMutableRawPointer?)
            -> Result
    ) -> Result {
        if let shared = sharedBody {
            return hand(shared.start, shared.count, releaseSharedBody, Unmanaged.passRetained(shared).toOpaque())
        }
        return body.withUnsafeBufferPointer { hand($0.baseAddress, $0.count, nil, nil) }
    }

    /// Adds every header with `add` (the shim copies both strings); false at the first it refuses. withCString lends
    /// a native string's own bytes, where passing the String itself made a C copy of each.
    func addShimHeaders(_ add: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Int32) -> Bool {
        headers.allSatisfy { field in field.name.withCString { name in field.value.withCString { add(name, $0) } } == 0 }
    }
}

private let releaseSharedBody: @convention(c) (UnsafeMutableRawPointer?) -> Void = { owner in
    guard let owner else { return }
    Unmanaged<SharedBytes>.fromOpaque(owner).release()
}
