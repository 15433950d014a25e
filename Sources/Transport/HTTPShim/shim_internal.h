// What the shim's files share; nothing here is visible to Swift.
#ifndef OPENMARKET_HTTP_SHIM_INTERNAL_H
#define OPENMARKET_HTTP_SHIM_INTERNAL_H

#include "http_shim.h"

#include <microhttpd.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <poll.h>
#include <sys/socket.h>

// Where sending may raise SIGPIPE: macOS has no MSG_NOSIGNAL and sets SO_NOSIGPIPE on each socket instead.
#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0
#endif

// Two code paths, one behaviour. The Linux path uses what only Linux (with ELF linking) offers: epoll, and the
// interposition of libmicrohttpd's MHD_queue_response (shim_library_errors.c). The portable path is what macOS
// builds: poll, no interposition, and instead a gate that owns the listener and relays every connection through a
// socket pair (shim_relay.c), judging each request and each chunk before libmicrohttpd reads it and answering itself
// what the library would refuse (shim_judge.c). The Linux path starts the gate too when the loaded libmicrohttpd is
// 0.9.x, which stalls on NUL-led junk that no interposition can see (shim_library_skips_nul_led_lines); there it only
// looks at each connection's first request and hands the socket itself over (shim_gate.c). Defining
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
    struct shim_relay_link *pending_links;  // Relays' links whose connection is not registered yet (shim_relay.c).
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
    unsigned int daemon_connection_limit;  // libmicrohttpd's, a little above the configuration's (http_shim.c).
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

// Makes the connection's close a TCP reset: SO_LINGER 0 on its socket, and on the portable path (where that socket is
// a socket pair's end) on the relay's client socket too.
void shim_reset_at_close(struct MHD_Connection *connection);

// Makes the connection get `kind` when it closes, instead of any answer libmicrohttpd would queue.
void shim_owe_own_answer(struct MHD_Connection *connection, shim_own_answer_kind kind);

// The shim's own answers (shim_close_answers.c). prepare copies them from the configuration (0, or -1 when out of
// memory); free releases them.
int shim_own_answers_prepare(struct http_shim_server *server, const http_shim_config *config);
void shim_own_answers_free(struct http_shim_server *server);
// Bytes the socket has received so far (0 where the system does not say).
uint64_t shim_bytes_received(MHD_socket descriptor);
void shim_send_own_answer(const struct http_shim_server *server, MHD_socket descriptor, shim_own_answer_kind kind);
// Sends the answer and reads (a bounded amount of) what the client still sent into `scratch`, so that the close the
// caller makes next is orderly (a FIN, not a reset): the gate's and the relays' refusals.
void shim_refuse(const struct http_shim_server *server, MHD_socket descriptor, shim_own_answer_kind kind,
                 char *scratch, size_t scratch_capacity);

// Whether a Content-Length value (`length` bytes, without the header's surrounding whitespace) is not one
// libmicrohttpd can take as a length: empty, not all digits, or past 2^64 - 1 (shim_content_length.c).
bool shim_is_bad_content_length(const char *value, size_t length);

// What shim_judge.c makes of a request's bytes: where its head ends and how its body is delimited.
typedef struct {
    size_t head_length;       // The request line and headers, the empty line that ends them included.
    bool chunked;             // Transfer-Encoding: chunked (a Content-Length beside it is ignored, as libmicrohttpd does).
    uint64_t content_length;  // The body's length when not chunked; 0 without a Content-Length.
} shim_request_framing;

// A verdict besides an own answer and SHIM_NO_OWN_ANSWER (pass it on): the bytes do not say enough yet.
enum { SHIM_JUDGE_WAIT = -2 };

// The head at the start of `bytes` (shim_judge.c): the answer the shim sends for what libmicrohttpd would refuse
// itself, SHIM_NO_OWN_ANSWER (its framing then filled in), or SHIM_JUDGE_WAIT. `limit` is the connection memory
// limit, which the Linux path applies the same way (head_too_large in http_shim.c): a line or head that leaves less
// than SHIM_ANSWER_HEADER_RESERVE of it is refused. `answer_unreadable` answers a request line without a space
// (which libmicrohttpd closes on without a word) as SHIM_UNREADABLE_REQUEST, for a connection's first request where
// the close-time answer cannot. Bytes that start with an empty line are passed on (framing.head_length 0).
int shim_judge_head(const char *bytes, size_t length, size_t limit, bool answer_unreadable,
                    shim_request_framing *framing);
// The chunk size line at the start of `bytes`: SHIM_NO_OWN_ANSWER with its length (LF included) and the size, a
// refusal (400 malformed, 413 past 2^64), or SHIM_JUDGE_WAIT while what came of it is valid.
int shim_judge_chunk_line(const char *bytes, size_t length, size_t *line_length, uint64_t *size);

// The gate (shim_gate.c): it owns the listening socket (the daemon runs with MHD_USE_NO_LISTEN_SOCKET) and accepts
// every connection. On the Linux path with libmicrohttpd 0.9.x it only looks at each connection's first request
// (MSG_PEEK) and hands the socket to the daemon; on the portable path it relays every byte (shim_relay.c). start
// binds and starts its thread (NULL when it cannot; the daemon must already run); port says what it bound;
// stop_accepting takes the listener away from the thread (the caller then owns and closes it) and says how many
// connections it ever handed to the daemon (libmicrohttpd 1.0 registers one added from another thread later, in its
// own thread: a stop waits for that); free, once the daemon has stopped, ends the thread and frees the gate.
struct shim_gate *shim_gate_start(struct http_shim_server *server, const struct sockaddr *address,
                                  socklen_t address_length, unsigned int header_deadline_milliseconds);
uint16_t shim_gate_port(const struct shim_gate *gate);
MHD_socket shim_gate_stop_accepting(struct shim_gate *gate, unsigned int *handed_over);
void shim_gate_free(struct shim_gate *gate);

// The portable path's relays (shim_relay.c), driven by the gate's thread: one per connection, between the client's
// socket and one end of a socket pair whose other end libmicrohttpd serves. add takes the accepted client socket (it
// is the relays' from then on, closed even on failure) and returns whether the daemon took it; poll_set fills
// `polled` (up to `capacity`, two entries a relay) and lowers `timeout` when one waits on the daemon; after_poll
// acts on what poll returned for those entries; close_all flushes what each can without waiting and closes everything.
struct shim_relays;
struct shim_relays *shim_relays_create(struct http_shim_server *server);
bool shim_relays_add(struct shim_relays *relays, MHD_socket client, const struct sockaddr *address,
                     socklen_t address_length);
unsigned int shim_relays_poll_set(struct shim_relays *relays, struct pollfd *polled, unsigned int capacity,
                                  int *timeout);
void shim_relays_after_poll(struct shim_relays *relays, const struct pollfd *polled, unsigned int polled_count);
void shim_relays_close_all(struct shim_relays *relays);
// What a connection's relay and libmicrohttpd's side of it share (shim_relay.c): allocated by the relay, handed to
// the connection's record (shim_connections.c) when libmicrohttpd registers the connection, freed by whichever of
// the two lets go last.
struct shim_relay_link {
    atomic_uint completed;  // Requests the daemon completed (answered, or ended with the connection).
    atomic_bool reset;      // The daemon's close is a reset: the relay resets the client.
    atomic_int holders;     // The relay and the daemon's side: freed when both have let go.
    // Set by the relay before MHD_add_connection, then used under the registry lock only (shim_connections.c).
    MHD_socket daemon_end;
    struct shim_relay_link *next_pending;
};
// Requests libmicrohttpd completed on the connection (answered, or ended with it), and that its close is a reset.
void shim_relay_link_completed(struct shim_relay_link *link);
void shim_relay_link_reset(struct shim_relay_link *link);
void shim_relay_link_release(struct shim_relay_link *link);
// A link waiting in the registry (shim_connections.c) for the connection whose daemon end is its daemon_end: expect
// files it before MHD_add_connection, the registration of that connection takes it into the connection's record,
// forget drops it when the daemon did not take the connection.
void shim_registry_expect_link(connection_registry *registry, struct shim_relay_link *link);
void shim_registry_forget_link(connection_registry *registry, struct shim_relay_link *link);

// Hands a request libmicrohttpd refused by itself to the handler and queues the handler's answer (http_shim.c);
// MHD_NO when no answer could be made.
enum MHD_Result shim_answer_refusal(struct http_shim_server *server, struct MHD_Connection *connection,
                                    unsigned int status);

// Queues one of the shim's own answers, which the interposed MHD_queue_response passes through (shim_library_errors.c).
enum MHD_Result shim_queue(struct MHD_Connection *connection, unsigned int status, struct MHD_Response *response);

#endif
