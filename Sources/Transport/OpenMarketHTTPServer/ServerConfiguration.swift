/// How the HTTP server listens and what it tolerates from clients.
package struct ServerConfiguration: Sendable {
    package var host: String
    /// 0 asks the system for a free port; `HTTPServer.port` tells which one it chose.
    package var port: UInt16
    package var threads: Int
    /// Requests with a larger body are answered 413 without being read (or as soon as a chunked body grows past it).
    package var maxBodyBytes: Int
    /// Idle or slow connections are dropped after this many seconds.
    package var connectionTimeoutSeconds: Int
    /// Open connections in all; each client address may hold at most `connectionsPerClient` of them, so one
    /// client cannot lock out another.
    package var connectionLimit: Int
    package var connectionsPerClient: Int
    /// How long a client may take to send a request's headers, counted from the connection's start and not restarted
    /// by each byte (the idle timeout is), so trickled headers cannot hold a connection. After an answer the idle
    /// timeout is added, so a kept-alive connection that merely waits lasts as long as before.
    package var headerDeadlineMilliseconds: Int
    /// The request line and headers together: a longer request line is answered 414, a larger head 431, through
    /// the router like every answer (libmicrohttpd is given room above it, see pool_bytes in shim_server.c).
    package var maxHeadBytes: Int
    /// How long a stop waits for requests already being handled; well under the 10 s after which Docker and
    /// compose follow SIGTERM with SIGKILL.
    package var shutdownGraceMilliseconds: Int

    package init(
        host: String = "127.0.0.1",
        port: UInt16 = 8080,
        threads: Int = 2,
        maxBodyBytes: Int = 32 * 1024 * 1024,
        connectionTimeoutSeconds: Int = 30,
        connectionLimit: Int = 1024,
        connectionsPerClient: Int = 256,
        headerDeadlineMilliseconds: Int = 10_000,
        maxHeadBytes: Int = 16 * 1024,
        shutdownGraceMilliseconds: Int = 5_000
    ) {
        self.host = host
        self.port = port
        self.threads = threads
        self.maxBodyBytes = maxBodyBytes
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionLimit = connectionLimit
        self.connectionsPerClient = connectionsPerClient
        self.headerDeadlineMilliseconds = headerDeadlineMilliseconds
        self.maxHeadBytes = maxHeadBytes
        self.shutdownGraceMilliseconds = shutdownGraceMilliseconds
    }
}
