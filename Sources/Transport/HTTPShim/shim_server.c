// Starting and stopping the server: libmicrohttpd's daemon with the shim's callbacks, the timer and the watchdog.
// Ownership: the server struct is allocated by http_shim_start and freed by http_shim_stop.

#include "shim_internal.h"

#if MHD_VERSION < 0x00097500
#error "libmicrohttpd 0.9.75 or later is needed (Debian: apt install libmicrohttpd-dev; macOS: brew install it)"
#elif (MHD_VERSION >= 0x00097600 && MHD_VERSION < 0x01000000) || MHD_VERSION >= 0x01010000
#warning "this libmicrohttpd has not been tested with OpenMarket (tested: 0.9.75 and 1.0.x); run ./scripts/test"
#endif

enum { OVER_LIMIT_ANSWERS = 64 };  // Connections past the limit that get a 503 (not a silent close) at once.

// ITC is what resuming a suspended connection from the timer thread, and handing over an accepted one, needs. Turbo
// reads and writes before asking poll (a syscall less per request), and closes without shutdown(), so that SO_LINGER 0
// (the reset fault) sends a reset. Poll everywhere, a Mac's loop: on Linux's epoll, with connections handed over, a
// worker could sleep out the idle timeout with a request unread (one probe run in eight under load; none with poll).
static struct MHD_Daemon *start_daemon(struct http_shim_server *server) {
    const http_shim_config *config = &server->config;
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO |
                         MHD_USE_NO_LISTEN_SOCKET | MHD_USE_POLL;
    // Where libmicrohttpd 1.0 is stricter than 0.9.75 (an HTTP/1.1 request without Host, whitespace before a
    // header's colon, a space in the target), its most lenient level answers as 0.9.75 does: the course apps may
    // rely on it. Passed last, so that a header without the option ends the list there.
    enum MHD_OPTION lenient = MHD_OPTION_END;
#if MHD_VERSION >= 0x00097701
    // A binary built against 1.0's header may load 0.9.75 (they share a soname), which refuses the option.
    unsigned int major = 0, minor = 0, patch = 0;
    sscanf(MHD_get_version(), "%u.%u.%u", &major, &minor, &patch);
    if (major > 0 || (minor == 9 && patch >= 77)) lenient = MHD_OPTION_CLIENT_DISCIPLINE_LVL;
#endif
    return MHD_start_daemon(
        flags, 0, NULL, NULL, shim_on_access, server,
        MHD_OPTION_URI_LOG_CALLBACK, shim_on_request_line, server,
        MHD_OPTION_NOTIFY_COMPLETED, shim_on_completed, server,
        MHD_OPTION_NOTIFY_CONNECTION, shim_on_connection, server,
        MHD_OPTION_THREAD_POOL_SIZE, config->threads > 1 ? config->threads : 0,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_LIMIT, config->connection_limit + OVER_LIMIT_ANSWERS,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, server->pool_bytes,
        lenient, -3,
        MHD_OPTION_END);
}

http_shim_server *http_shim_start(const http_shim_config *config, http_shim_handler handler, void *context,
                                  char *error, size_t error_capacity) {
    // Set before the threads start; its locks and the listener's state are used in place and may not move.
    struct http_shim_server *server = calloc(1, sizeof *server);
    if (server == NULL) goto no_watchdog;
    // libmicrohttpd keeps the request line and the headers in one pool per connection, answers by itself what does not
    // fit, and clears the whole pool for every kept-alive request. Twice the shim's limit lets a head over it reach the
    // handler (414, 431). A large pool costs (clearing 190 KB took half the server's time, and one over 32 KB is mmapped
    // per connection), so a 16 KB head limit and a 32 KB pool. The query's parameters, which libmicrohttpd would store
    // there too, are kept out of it (shim_on_request_line).
    *server = (struct http_shim_server){.handler = handler, .context = context, .config = *config,
                                        .pool_bytes = 2 * config->max_head_bytes,
                                        .connections = {.config = &server->config}};
    // Each step is undone, in reverse, when a later one fails.
    if (shim_monitor_start(&server->connections.monitor, shim_watch, &server->connections) != 0) goto no_watchdog;
    if (shim_monitor_start(&server->timer.monitor, shim_run_timer, &server->timer) != 0) goto no_timer;
    server->daemon = start_daemon(server);
    if (server->daemon == NULL) goto no_daemon;
    if (shim_listener_start(&server->listener, config->listener, config->connection_limit + OVER_LIMIT_ANSWERS,
                            server->daemon) == 0) return server;
    MHD_stop_daemon(server->daemon);
no_daemon:
    shim_monitor_stop(&server->timer.monitor);
    shim_monitor_destroy(&server->timer.monitor);
no_timer:
    shim_monitor_stop(&server->connections.monitor);
    shim_monitor_destroy(&server->connections.monitor);
no_watchdog:
    // (A libmicrohttpd older than the header built against refuses the discipline option.)
    snprintf(error, error_capacity, "cannot start the server (out of memory or descriptors, or libmicrohttpd %s older "
             "than the one this was built with?)", MHD_get_version());
    close(config->listener);
    free(server);
    return NULL;
}

void http_shim_set_paced(http_shim_server *server, bool paced) {
    atomic_store_explicit(&server->paced, paced, memory_order_release);
}

void http_shim_stop(http_shim_server *server, unsigned int grace_milliseconds) {
    const uint64_t deadline = shim_now_milliseconds() + grace_milliseconds;
    // Every connection that came before the stop, the backlog's too, is libmicrohttpd's from here on.
    unsigned int handed = shim_listener_stop(&server->listener);
    // Delayed answers go out now, paced bodies at full speed: a stop waits out neither (nor may one stay suspended).
    shim_monitor_stop(&server->timer.monitor);
    shim_wait_idle(&server->connections, handed, deadline);
    MHD_stop_daemon(server->daemon);
    // Only now: a daemon thread may still take the timer's lock (a suspension, refused), and call the registry.
    shim_monitor_destroy(&server->timer.monitor);
    shim_monitor_stop(&server->connections.monitor);
    shim_monitor_destroy(&server->connections.monitor);
    free(server);
}
