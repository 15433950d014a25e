import OpenMarketLocking

/// How fast the emulated network carries bodies (nil: as fast as the transport can), shared by the control plane
/// that sets it and the transports that honour it: the socket server reads each request body at the upload rate and
/// sends each response body at the download rate; the in-process transport does the same with its streams. Read
/// once per request, so a change applies from the next request on.
package final class NetworkPace: Sendable {
    package struct Rates: Sendable, Hashable {
        package var uploadBytesPerSecond: Int?
        package var downloadBytesPerSecond: Int?

        package init(uploadBytesPerSecond: Int? = nil, downloadBytesPerSecond: Int? = nil) {
            self.uploadBytesPerSecond = uploadBytesPerSecond
            self.downloadBytesPerSecond = downloadBytesPerSecond
        }
    }

    private let current: Locked<Rates>
    /// The socket server's, told of each change under the lock, so that changes reach it in order.
    private let observer = Locked<Observer?>(nil)

    private struct Observer {
        let token: Int
        let observe: @Sendable (Rates) -> Void
    }

    package init(_ rates: Rates = Rates()) {
        current = Locked(rates)
    }

    package var rates: Rates {
        get { current.withLock { $0 } }
        set {
            current.withLock { rates in
                guard rates != newValue else { return }
                rates = newValue
                observer.withLock { $0?.observe(newValue) }
            }
        }
    }

    /// Calls `observe` with the rates now, then with every change, until `stopObserving` with the token returned.
    /// One observer at a time: a later one replaces it.
    package func observe(_ observe: @escaping @Sendable (Rates) -> Void) -> Int {
        current.withLock { rates in
            let token = observer.withLock { observer in
                let token = (observer?.token ?? 0) + 1
                observer = Observer(token: token, observe: observe)
                return token
            }
            observe(rates)
            return token
        }
    }

    /// Stops the observer `token` names; one that has replaced it goes on.
    package func stopObserving(_ token: Int) {
        current.withLock { _ in
            observer.withLock { observer in
                if observer?.token == token { observer = nil }
            }
        }
    }
}
