#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waiting for SIGINT or SIGTERM without a signal handler.
enum ProcessSignals {
    /// Blocks SIGINT and SIGTERM in this thread and every thread started after it, so that only `waitForStop`
    /// receives them. Call it before the server starts its threads. A broken pipe is ignored: a client that
    /// hangs up must never end the process.
    static func takeOverStopSignals() {
        signal(SIGPIPE, SIG_IGN)
        var signals = stopSignals()
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Returns the name of the stop signal once one arrives.
    static func waitForStop() -> String {
        var signals = stopSignals()
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received == SIGINT ? "SIGINT" : "SIGTERM"
    }

    private static func stopSignals() -> sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        return signals
    }
}
