#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a socket is given so that an upload paced at a rate behaves as over a slow link: the kernel holds little of
/// the body in flight, so the client's progress follows the rate instead of jumping to the end.
enum SlowLink {
    /// About 40 ms of the upload's bytes (at least 4 KB, at most 1 MB): else the kernel takes a whole body at once.
    private static func receiveBufferBytes(uploadRate: UInt64) -> Int32 {
        Int32(min(max(uploadRate / 25, 4096), 1_048_576))
    }

    /// A connection's receive buffer, for a request whose body is read at `uploadRate`, so that TCP slows the client.
    static func paceConnection(_ socket: Int32, uploadRate: UInt64) {
        var window = receiveBufferBytes(uploadRate: uploadRate)
        _ = setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &window, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Connections accepted from now on start as over a link at `uploadRate`, or as loopback allows when it is 0.
    /// A client's kernel sizes its send buffer from the segment size its peer offers in the handshake: loopback's
    /// 64 KB segments give it megabytes, which swallow a paced body at once; Ethernet's 1,460 and a small window leave
    /// it about as much as on a real slow link. 0 lifts the clamp on Linux; macOS refuses to raise it again (EINVAL),
    /// so there segments stay Ethernet-sized until the server restarts, and receive buffers stay fixed.
    static func paceListener(_ descriptor: Int32, uploadRate: UInt64) {
        var segment: Int32 = uploadRate != 0 ? 1460 : 0
        var window: Int32 = uploadRate != 0 ? receiveBufferBytes(uploadRate: uploadRate) : 1_048_576
        let length = socklen_t(MemoryLayout<Int32>.size)
        _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_MAXSEG, &segment, length)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &window, length)
    }
}
