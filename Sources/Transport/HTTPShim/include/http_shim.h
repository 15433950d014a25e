#ifndef OPENMARKET_HTTP_SHIM_H
#define OPENMARKET_HTTP_SHIM_H

// A small, boring layer over libmicrohttpd: it collects one whole request, hands it to a single callback and
// sends back what the callback answers. Everything else (routing, parsing, formats) lives in Swift.

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why the shim gives a request to the handler without its body.
typedef enum {
    HTTP_SHIM_COMPLETE = 0,                     ///< The whole request, body included.
    HTTP_SHIM_BODY_TOO_LARGE = 1,               ///< The body is (or grew) over the cap; the handler should answer 413.
    HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING = 2,  ///< Transfer-Encoding other than "chunked"; the body cannot be read.
    HTTP_SHIM_REFUSED_BY_LIBRARY = 3,           ///< libmicrohttpd refused the request itself with `refused_status`;
                                                ///< method and path are "-", there are no headers.
    HTTP_SHIM_TOO_MANY_CONNECTIONS = 4          ///< The connection is over the connection limit (in all or for its
                                                ///< address); the handler should answer 503. It is then closed.
} http_shim_request_state;

/// One request. Every pointer is owned by the shim and valid only during the handler call.
typedef struct {
    const char *method;
    const char *version;            ///< As on the request line, e.g. "HTTP/1.1".
    const char *path;               ///< Raw, still percent-encoded, without the query.
    size_t path_length;
    const char *query;              ///< Raw query after '?', or NULL when the target had none.
    size_t query_length;
    const char *const *header_names;
    const char *const *header_values;
    size_t header_count;
    const uint8_t *body;
    size_t body_length;
    http_shim_request_state state;
    unsigned int refused_status;    ///< Set with HTTP_SHIM_REFUSED_BY_LIBRARY: 400, 413, 414, 431, 505...
    const char *client_address;     ///< The peer's numeric address ("192.0.2.7", "::1"), "" when unknown.
} http_shim_request;

/// What becomes of the answer the handler made (fault injection). The answer is made either way, so a write the
/// handler did stays done, as when a real network loses the answer on its way back.
typedef enum {
    HTTP_SHIM_SEND = 0,     ///< Send it.
    HTTP_SHIM_DROP = 1,     ///< Close the connection without sending a byte.
    HTTP_SHIM_RESET = 2     ///< Close the connection with a TCP reset (SO_LINGER 0, then close).
} http_shim_delivery;

/// Where the handler writes its answer; see http_shim_respond and http_shim_add_header.
typedef struct http_shim_exchange http_shim_exchange;

/// Called on a daemon thread, possibly on several threads at once.
typedef void (*http_shim_handler)(void *context, const http_shim_request *request, http_shim_exchange *exchange);

/// An answer the shim sends by itself where libmicrohttpd would send none or a broken one: its status line (without
/// the version, e.g. "400 Bad Request"), Content-Type and body, copied at start. A NULL content type means none:
/// the connection is just closed.
typedef struct {
    const char *status_line;
    const char *content_type;
    const uint8_t *body;
    size_t body_length;
} http_shim_own_answer;

typedef struct {
    const char *host;               ///< Numeric address or host name to bind, e.g. "127.0.0.1", "::", "localhost".
    uint16_t port;                  ///< 0 asks the system for a free port.
    unsigned int threads;           ///< Size of the internal thread pool; 0 means 1.
    size_t max_body_bytes;          ///< Larger bodies are answered 413 through the handler.
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    unsigned int per_client_connection_limit;  ///< Connections one client address may hold at once; 0: no limit.
                                               ///< 127.0.0.1 and ::1, which every local client shares, have none.
    unsigned int header_deadline_milliseconds; ///< From a connection's start to the end of its first request's
                                               ///< headers (after an answer, the idle timeout is added); a
                                               ///< connection past it is closed.
    size_t connection_memory_limit; ///< Per-connection buffer for the request line, headers and response headers.
    /// For bytes that are not an HTTP request at all (binary junk instead of a request line), which libmicrohttpd
    /// closes on without answering. Sent where the system gives the socket's count of received bytes (Linux,
    /// macOS), and by the portable path's gate for a request line that starts with a NUL byte.
    http_shim_own_answer unreadable_request;
    /// For a Content-Length that is not a length (not digits, or past 2^64), which libmicrohttpd 0.9.75 answers
    /// with its response header block written twice.
    http_shim_own_answer bad_content_length;
    /// For a request line, or a request line and headers, that fit in `connection_memory_limit` but leave too little
    /// of it for the answer's header block, which libmicrohttpd would then close on without a word.
    http_shim_own_answer request_line_too_long;
    http_shim_own_answer headers_too_large;
    /// For what libmicrohttpd refuses by itself with a fixed HTML page: a request line that is not HTTP (400), an
    /// HTTP version other than 1.x (505), a chunk size past 2^64 (413). The Linux path replaces those pages as they
    /// are queued; the portable path, which cannot, sends these for a connection's first request (shim_gate.c).
    http_shim_own_answer malformed_request;
    http_shim_own_answer version_not_supported;
    http_shim_own_answer chunk_too_large;
    /// For what libmicrohttpd 1.0 refuses by itself and 0.9.75 leaves to the shim: a transfer coding other than
    /// chunked, and a Content-Length of 2^64 - 1. The portable path's gate sends these on any version.
    http_shim_own_answer unsupported_transfer_coding;
    http_shim_own_answer body_too_large;
} http_shim_config;

typedef struct http_shim_server http_shim_server;

/// Starts listening. Returns NULL and writes a message into `error` (always NUL-terminated) when it cannot.
http_shim_server *http_shim_start(const http_shim_config *config, http_shim_handler handler, void *context,
                                  char *error, size_t error_capacity);

/// The port actually bound (useful when the configuration asked for 0).
uint16_t http_shim_port(const http_shim_server *server);

/// Stops accepting connections, waits up to `grace_milliseconds` for the requests that arrived before (being
/// answered, or still unread) to be answered, then closes every connection, joins the threads and frees the server.
void http_shim_stop(http_shim_server *server, unsigned int grace_milliseconds);

/// Sets the answer. The body is copied, so the caller's buffer only needs to live for the duration of the call.
/// Returns 0 on success, -1 when libmicrohttpd could not allocate the response.
int http_shim_respond(http_shim_exchange *exchange, unsigned int status, const uint8_t *body, size_t body_length);

/// Sets the answer without copying the body: libmicrohttpd sends it in place and calls `release(owner)` once it no
/// longer needs it (also right away when the response cannot be made, then returning -1). Returns 0 on success.
int http_shim_respond_shared(http_shim_exchange *exchange, unsigned int status, const void *body, size_t body_length,
                             void (*release)(void *owner), void *owner);

/// Sets an answer that breaks off: its headers announce the whole body's length, the first half of the body is
/// sent, then the connection is closed. The body is copied; the copy is freed when libmicrohttpd is done with it.
/// Returns 0 on success, -1 when out of memory.
int http_shim_respond_truncated(http_shim_exchange *exchange, unsigned int status, const uint8_t *body,
                                size_t body_length);

/// Sends the answer `delay_milliseconds` later (0: now) without holding a thread meanwhile, then delivers it as
/// told. Without this call an answer is sent at once.
void http_shim_set_delivery(http_shim_exchange *exchange, http_shim_delivery delivery,
                            unsigned int delay_milliseconds);

/// Adds a header to the answer set by http_shim_respond. Both strings are copied. Returns 0 on success.
int http_shim_add_header(http_shim_exchange *exchange, const char *name, const char *value);

#ifdef __cplusplus
}
#endif

#endif
