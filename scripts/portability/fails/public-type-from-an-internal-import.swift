// Written like Sources/Client/OpenMarketClient/OpenMarketClient.swift before issue 27: Linux builds it, because
// URLSession comes from the public FoundationNetworking; on Apple platforms it comes from the internal Foundation.
import Foundation
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif

public struct Client: Sendable {
    public init(session: URLSession = .shared) {}
}
