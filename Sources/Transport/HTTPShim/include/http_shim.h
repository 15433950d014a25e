#ifndef OPENMARKET_HTTP_SHIM_H
#define OPENMARKET_HTTP_SHIM_H

// A small layer over libmicrohttpd's public API: it collects one whole request, hands it to a single callback and
// sends back its answer, paced and delayed as told. Routing, formats and every error body live in Swift.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// What the shim found out about a request; anything but COMPLETE comes without a body and is closed after its answer.
typedef enum {
    HTTP_SHIM_COMPLETE = 0,                     ///< The whole request, body included.
    HTTP_SHIM_BODY_TOO_LARGE = 1,               ///< The body is (or grew) over `max_body_bytes`: 413.
    HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING = 2,  ///< Transfer-Encoding other than "chunked": 400.
    HTTP_SHIM_TOO_MANY_CONNECTIONS = 3,         ///< Over the connection limit (in all or for its address): 503.
    HTTP_SHIM_TARGET_TOO_LONG = 4,              ///< The request line is over `max_head_bytes`: 414.
    HTTP_SHIM_HEADERS_TOO_LARGE = 5             ///< The request line and headers are over `max_head_bytes`: 431.
} http_shim_request_state;

/// One request. Every pointer is owned by the shim and valid only during the handler call.
typedef struct {
    const char *method;
    const char *version;            ///< As on the request line, e.g. "HTTP/1.1".
    const char *target;             ///< Raw, still percent-encoded: the path, then '?' and the query if any.
    const char *const *header_names;
    const char *const *header_values;
    size_t header_count;
    const uint8_t *body;
    size_t body_length;
    http_shim_request_state state;
    const char *client_address;     ///< The peer's numeric address ("192.0.2.7", "::1"), "" when unknown.
    /// What the handler gave http_shim_keep_memo on this connection, NULL until it does. A connection's requests run
    /// on one daemon thread, one after the other, so nothing else touches it while the handler runs.
    void *connection_memo;
} http_shim_request;

/// What becomes of the answer (fault injection); a write the handler did stays done, as when a network loses an answer.
typedef enum {
    HTTP_SHIM_SEND = 0,     ///< Send it.
    HTTP_SHIM_DROP = 1,     ///< Close the connection without sending a byte.
    HTTP_SHIM_RESET = 2,    ///< Close the connection with a TCP reset (SO_LINGER 0, then close).
    HTTP_SHIM_TRUNCATE = 3  ///< Announce the whole body's length, send half of it, then close the connection.
} http_shim_delivery;

/// Where the handler writes its answer; see http_shim_respond and http_shim_add_header.
typedef struct http_shim_exchange http_shim_exchange;

/// Called on daemon threads, possibly several at once.
typedef void (*http_shim_handler)(void *context, const http_shim_request *request, http_shim_exchange *exchange);

/// How fast a request's body is read and its answer's body sent, in bytes per second (0: unlimited); it may size the
/// socket's buffers for them. Called on a daemon thread once per request while http_shim_set_paced says a rate is set,
/// when the request's headers have arrived, with its raw target (NUL-terminated, valid during the call only): the
/// control plane is never paced.
typedef void (*http_shim_pace)(void *context, int socket, const char *target, uint64_t *upload_bytes_per_second,
                               uint64_t *download_bytes_per_second);

typedef struct {
    int listener;                   ///< A bound, listening, non-blocking socket; the shim's from http_shim_start on.
    unsigned int threads;           ///< Size of the internal thread pool; 0 means 1.
    size_t max_body_bytes;          ///< Larger bodies are refused (HTTP_SHIM_BODY_TOO_LARGE) before they are read.
    size_t max_head_bytes;          ///< Larger request lines and heads are refused (414, 431) through the handler.
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    unsigned int per_client_connection_limit;  ///< Per client address (0: none); 127.0.0.1 and ::1 have none.
    unsigned int header_deadline_milliseconds; ///< A connection whose request's headers take longer is closed (after
                                               ///< an answer, the idle timeout is added to the next one's).
    http_shim_pace pace;            ///< NULL: every body at full speed.
} http_shim_config;

typedef struct http_shim_server http_shim_server;

/// Serves what `config->listener` accepts, on libmicrohttpd's poll loop on every platform. Returns NULL, with a message
/// in `error` and the listener closed, when it cannot.
http_shim_server *http_shim_start(const http_shim_config *config, http_shim_handler handler, void *context,
                                  char *error, size_t error_capacity);

/// Whether `config->pace` is asked for each request from now on (false at the start): a server with no rate set
/// spends nothing per request on it. Any thread.
void http_shim_set_paced(http_shim_server *server, bool paced);

/// Stops accepting, waits up to `grace_milliseconds` for the requests that came before (in the backlog too) to be
/// answered, then closes every connection and the listener, joins the threads and frees the server.
void http_shim_stop(http_shim_server *server, unsigned int grace_milliseconds);

/// Sets the answer, delivered as told `delay_milliseconds` later (0: now) without holding a thread meanwhile. With
/// `release` NULL the body is copied at once; else it is used in place and `release(owner)` is called once it is no
/// longer needed (at once when the answer cannot be made). Returns 0, or -1 when out of memory.
int http_shim_respond(http_shim_exchange *exchange, unsigned int status, http_shim_delivery delivery,
                      unsigned int delay_milliseconds, const void *body, size_t body_length,
                      void (*release)(void *owner), void *owner);

/// Keeps `memo` with the exchange's connection, for its next requests (http_shim_request.connection_memo). The shim
/// calls `release(memo)` once, when the connection closes (on the thread libmicrohttpd reports the close on: a daemon
/// thread, or the one stopping the server) or when a later call replaces it.
void http_shim_keep_memo(http_shim_exchange *exchange, void *memo, void (*release)(void *memo));

/// Adds a header (copied) to the answer. Returns 0 on success.
int http_shim_add_header(http_shim_exchange *exchange, const char *name, const char *value);

/// An answer made once and sent unchanged many times, from any thread (a response a cache keeps): libmicrohttpd
/// counts a response's references, so each send takes one instead of making and copying an answer.
typedef struct http_shim_prepared http_shim_prepared;

/// Makes one; the body is used in place when `release` is given (and `release(owner)` called once libmicrohttpd is
/// done with it, at once when it cannot be made), else copied. NULL when out of memory.
http_shim_prepared *http_shim_prepare(unsigned int status, const void *body, size_t body_length,
                                      void (*release)(void *owner), void *owner);

/// Adds a header (copied) to a prepared answer before its first send. Returns 0 on success.
int http_shim_prepared_add_header(http_shim_prepared *prepared, const char *name, const char *value);

/// Drops the maker's reference: answers being sent keep theirs.
void http_shim_prepared_free(http_shim_prepared *prepared);

/// Sets the answer to `prepared`, delivered as http_shim_respond's. The exchange borrows it and calls
/// `release(owner)` once it no longer needs it (the answer queued or dropped): keep `prepared` alive until then.
/// Returns 0, or -1 (with `release(owner)` called) when this exchange needs its own copy of the body, as one sent at
/// a download rate or truncated does: answer with http_shim_respond then.
int http_shim_respond_prepared(http_shim_exchange *exchange, const http_shim_prepared *prepared,
                               http_shim_delivery delivery, unsigned int delay_milliseconds,
                               void (*release)(void *owner), void *owner);

#endif
