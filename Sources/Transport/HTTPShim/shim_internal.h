// What the shim's files share; nothing here is visible to Swift.
#ifndef OPENMARKET_HTTP_SHIM_INTERNAL_H
#define OPENMARKET_HTTP_SHIM_INTERNAL_H

#include "http_shim.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <sys/socket.h>

// Two code paths, one behaviour. The Linux path uses what only Linux (with ELF linking) offers: epoll, and the
// interposition of libmicrohttpd's MHD_queue_response (shim_library_errors.c). The portable path is what macOS
// builds: poll, no interposition, and instead a gate that owns the listener and answers a connection's first request
// before libmicrohttpd sees it when the library would refuse it (shim_gate.c says what that leaves). The Linux path
// starts the gate too when the loaded libmicrohttpd is 0.9.x, which stalls on NUL-led junk that no interposition can
// see (shim_library_skips_nul_led_lines). Defining
// HTTP_SHIM_PORTABLE (Package.swift does when OPENMARKET_PORTABLE_SHIM=1) builds the portable path on Linux too, so
// that CI tests what a Mac runs.
#if defined(__linux__) && !defined(HTTP_SHIM_PORTABLE)
#define SHIM_LINUX_PATH 1
#else
#define SHIM_LINUX_PATH 0
#endif

struct connection_record;

// The open connections, for the header deadline and for a stop that answers what already arrived.
typedef struct {
    pthread_mutex_t lock;           // Guards the list (a record is freed only under it).
    pthread_cond_t wake;            // Signalled to end the watchdog early.
    pthread_t watchdog;
    bool watchdog_running;
    bool stopping;
    atomic_bool closing_all;        // Set when the server closes every connection: nothing is answered any more.
    unsigned int header_deadline_milliseconds;
    unsigned int idle_timeout_milliseconds;
    unsigned int connection_limit;  // The configuration's limits, which the shim applies (is_over_limit).
    unsigned int per_client_limit;
    atomic_uint started;            // Connections ever registered, for a stop that waits on those it handed over.
    struct connection_record *head;
} connection_registry;

struct delayed_connection;

// Suspended connections waiting for their delayed answer (shim_delays.c).
typedef struct {
    pthread_mutex_t lock;           // Guards the list and `stopping`.
    pthread_cond_t wake;            // Signalled when a record is added or the timer should stop.
    pthread_t thread;
    bool stopping;
    struct delayed_connection *head;
} delay_timer;

// Answers the shim sends on a connection libmicrohttpd is closing (shim_close_answers.c).
typedef enum {
    SHIM_NO_OWN_ANSWER = -1,
    SHIM_UNREADABLE_REQUEST = 0,
    SHIM_BAD_CONTENT_LENGTH = 1,
    SHIM_REQUEST_LINE_TOO_LONG = 2,
    SHIM_HEADERS_TOO_LARGE = 3,
    SHIM_MALFORMED_REQUEST = 4,       // These three only on the portable path, from its gate (shim_gate.c).
    SHIM_VERSION_NOT_SUPPORTED = 5,
    SHIM_CHUNK_TOO_LARGE = 6,
    SHIM_UNSUPPORTED_TRANSFER_CODING = 7,  // Refused by libmicrohttpd 1.0 itself, by the shim otherwise.
    SHIM_BODY_TOO_LARGE = 8,               // Content-Length 2^64 - 1: the same.
    SHIM_OWN_ANSWER_COUNT = 9
} shim_own_answer_kind;

struct shim_gate;

struct http_shim_server {
    struct MHD_Daemon *daemon;
    http_shim_handler handler;
    void *context;
    size_t max_body_bytes;
    size_t connection_memory_limit;
    uint16_t port;
    // Requests whose headers have all arrived and whose answer has not been fully sent; graceful stop waits on it.
    // A client that sent only part of its headers does not count, so it cannot hold a stop for the whole grace.
    atomic_uint in_flight;
    connection_registry connections;
    delay_timer delays;
    struct shim_gate *gate;  // The gate's listener (shim_gate.c); NULL when the daemon listens itself.
    // The shim's own answers (shim_close_answers.c), from the Content-Type line on: the status line and Date are
    // written when one is sent. NULL when there is none. Owned by the server, freed with it.
    struct prepared_answer {
        char status_line[64];
        char *bytes;
        size_t length;
    } own_answers[SHIM_OWN_ANSWER_COUNT];
};

// Room kept in a connection's memory for the answer's header block (status line, Date, Content-Type, Content-Length,
// Connection and a few of the router's own, a few hundred bytes): a request line or head that leaves less is
// refused 414 or 431 (http_shim.c, and shim_gate.c before libmicrohttpd sees the request).
enum { SHIM_ANSWER_HEADER_RESERVE = 2048 };

uint64_t shim_monotonic_milliseconds(void);

// The libmicrohttpd loaded at run time (shim_version.c), which may differ from the one built against: 0.9.75 and
// 1.0 share their soname. False, with a message in `error`, for a version older than 0.9.75; a version between or
// after the tested ones starts with a warning on standard error.
bool shim_library_version_supported(char *error, size_t error_capacity);
// Whether the loaded library takes the client discipline option (1.0 and later).
bool shim_library_has_discipline_level(void);
// Whether the loaded library stalls on a request line that starts with a NUL byte (before 1.0): the gate
// (shim_gate.c) then looks at first requests on the Linux path too.
bool shim_library_skips_nul_led_lines(void);
// MHD_OPTION_CLIENT_DISCIPLINE_LVL, spelled out because 0.9.75's header does not have it.
#define SHIM_OPTION_CLIENT_DISCIPLINE_LVL ((enum MHD_OPTION)38)

// Delayed answers (shim_delays.c): suspends the connection and resumes it after the delay; false when out of memory
// (the connection is then not suspended).
int shim_delays_start(delay_timer *timer);
bool shim_delays_add(delay_timer *timer, struct MHD_Connection *connection, unsigned int delay_milliseconds);
// Resumes every connection still waiting, at once, and joins the timer thread; a delay asked for after it is
// answered at once. shim_delays_free, once the daemon has stopped, releases the lock.
void shim_delays_stop(delay_timer *timer);
void shim_delays_free(delay_timer *timer);

// Connection tracking (shim_connections.c). The registry's callbacks run on daemon threads.
int shim_registry_start(connection_registry *registry, const http_shim_config *config);
void shim_registry_stop(connection_registry *registry);
void shim_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code);
void shim_headers_arrived(struct MHD_Connection *connection);
void shim_awaiting_next_request(struct MHD_Connection *connection);
bool shim_has_unread_requests(connection_registry *registry);
// Whether the connection came when the server already had all the connections it allows (in all, or from its
// address): its request is answered 503 and the connection closed.
bool shim_is_over_limit(struct MHD_Connection *connection);
unsigned int shim_started_connections(connection_registry *registry);
struct http_shim_server *shim_server_of(struct MHD_Connection *connection);
// From here on a closed connection gets no answer: the server is closing all of them.
void shim_registry_closing_all(connection_registry *registry);

// Makes the connection get `kind` when it closes, instead of any answer libmicrohttpd would queue.
void shim_owe_own_answer(struct MHD_Connection *connection, shim_own_answer_kind kind);

// The shim's own answers (shim_close_answers.c). prepare copies them from the configuration (0, or -1 when out of
// memory); free releases them.
int shim_own_answers_prepare(struct http_shim_server *server, const http_shim_config *config);
void shim_own_answers_free(struct http_shim_server *server);
// Bytes the socket has received so far (0 where the system does not say).
uint64_t shim_bytes_received(MHD_socket descriptor);
void shim_send_own_answer(const struct http_shim_server *server, MHD_socket descriptor, shim_own_answer_kind kind);

// Whether a Content-Length value (`length` bytes, without the header's surrounding whitespace) is not one
// libmicrohttpd can take as a length: empty, not all digits, or past 2^64 - 1 (shim_content_length.c).
bool shim_is_bad_content_length(const char *value, size_t length);

// The gate (shim_gate.c; the portable path's, and the Linux path's with libmicrohttpd 0.9.x): it owns the listening socket, looks at each new connection's first request
// before libmicrohttpd does (MSG_PEEK, nothing consumed), answers the ones libmicrohttpd would refuse with its own
// HTML, and hands every other connection to the daemon with MHD_add_connection. start binds and starts its thread
// (NULL when it cannot; the daemon must already run, started with
// MHD_USE_NO_LISTEN_SOCKET); port says what it bound; stop joins the thread, hands the connections it still holds
// to the daemon, frees the gate and returns the listener, which the caller then owns (and closes), and in
// `handed_over` how many connections it ever handed to the daemon (libmicrohttpd 1.0 registers one added from another
// thread later, in its own thread: a stop waits for that).
struct shim_gate *shim_gate_start(struct http_shim_server *server, const struct sockaddr *address,
                                  socklen_t address_length, unsigned int header_deadline_milliseconds);
uint16_t shim_gate_port(const struct shim_gate *gate);
MHD_socket shim_gate_stop(struct shim_gate *gate, unsigned int *handed_over);

// Hands a request libmicrohttpd refused by itself to the handler and queues the handler's answer (http_shim.c);
// MHD_NO when no answer could be made.
enum MHD_Result shim_answer_refusal(struct http_shim_server *server, struct MHD_Connection *connection,
                                    unsigned int status);

// Queues one of the shim's own answers, which the interposed MHD_queue_response passes through (shim_library_errors.c).
enum MHD_Result shim_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

#endif
