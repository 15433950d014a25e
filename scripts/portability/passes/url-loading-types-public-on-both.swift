// How Sources/Client/OpenMarketClient/OpenMarketClient.swift imports since issue 27: the module that holds URLSession
// is public on each platform, and Foundation is not public on Linux, where no public declaration uses it.
#if canImport(FoundationNetworking)
import Foundation
public import FoundationNetworking
#else
public import Foundation
#endif

public struct Client: Sendable {
    public init(session: URLSession = .shared) {}
}
