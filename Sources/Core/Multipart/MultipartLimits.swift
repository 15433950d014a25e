/// Bounds that keep a hostile or broken body from using unbounded memory.
public struct MultipartLimits: Sendable, Equatable {
    /// The most parts a body may hold.
    public var maxParts: Int
    /// The most bytes one part's header section may take, its closing blank line included.
    /// 10240 is what Tomcat allowed behind the real server.
    public var maxPartHeaderBytes: Int
    /// The most bytes the whole body may take, preamble and epilogue included.
    public var maxBodyBytes: Int

    public init(maxParts: Int = 64, maxPartHeaderBytes: Int = 10240, maxBodyBytes: Int = 32 * 1024 * 1024) {
        self.maxParts = maxParts
        self.maxPartHeaderBytes = maxPartHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }
}
