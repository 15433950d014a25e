/// Bounds that keep a hostile or broken body from using unbounded memory.
package struct MultipartLimits: Sendable, Equatable {
    /// The most parts a body may hold.
    package var maxParts: Int
    /// The most bytes one part's header section may take, its closing blank line included.
    /// 10240 is what Tomcat allowed behind the real server.
    package var maxPartHeaderBytes: Int
    /// The most bytes the whole body may take, preamble and epilogue included.
    package var maxBodyBytes: Int

    package init(maxParts: Int = 64, maxPartHeaderBytes: Int = 10240, maxBodyBytes: Int = 32 * 1024 * 1024) {
        self.maxParts = maxParts
        self.maxPartHeaderBytes = maxPartHeaderBytes
        self.maxBodyBytes = maxBodyBytes
    }
}
