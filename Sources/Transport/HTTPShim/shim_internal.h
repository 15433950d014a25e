// What the shim's files share; nothing here is visible to Swift.
#pragma once

#include "http_shim.h"

#include <errno.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

// One thread and the lock and condition it waits on, with timed waits right on Linux and macOS (shim_timer.c).
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    pthread_t thread;
    bool stopping;              // Under the lock: the thread returns once it is set.
} shim_monitor;

int shim_monitor_start(shim_monitor *monitor, void *(*run)(void *), void *argument);
// Under the lock: waits until signalled or until `due` (shim_now_milliseconds' clock; UINT64_MAX: no deadline).
void shim_monitor_wait(shim_monitor *monitor, uint64_t due);
// Sets `stopping`, wakes the thread and joins it; the lock stays usable until shim_monitor_destroy.
void shim_monitor_stop(shim_monitor *monitor);
void shim_monitor_destroy(shim_monitor *monitor);
uint64_t shim_now_milliseconds(void);  // Monotonic.
// The same clock, up to a tick behind: for deadlines the watchdog checks ten times a second, read on every request.
uint64_t shim_coarse_now_milliseconds(void);

// Suspended connections and when each is resumed (shim_timer.c). Its lock guards the list.
typedef struct {
    shim_monitor monitor;       // Signalled when an entry comes first, or on stop (which resumes every entry).
    struct timer_entry *head;   // Sorted by due time.
} shim_timer;

void *shim_run_timer(void *timer);
// Suspends the connection (from the access handler or a content reader) until `due`; false, and not suspended, when
// the timer has stopped or there is no memory.
bool shim_timer_suspend(shim_timer *timer, struct MHD_Connection *connection, uint64_t due);

// The open connections (shim_connections.c). Its lock guards the list, `open` and each record's pins.
typedef struct {
    shim_monitor monitor;           // Signalled on stop, for the first connection, and for a waiting stop.
    const http_shim_config *config; // The server's.
    atomic_bool stop_waiting;       // A stop waits for requests to finish: every change signals the monitor.
    unsigned int open;              // Records not over the limit.
    atomic_uint started;            // Connections ever registered (counted once listed, under the lock).
    unsigned int changes;           // Under the lock: the monitor's signals so far.
    struct connection_record *head;
} shim_registry;

// The listening socket and its accepting thread (shim_listener.c).
typedef struct {
    MHD_socket socket;
    int wake[2];                    // A pipe: a byte wakes the thread (a stop, or room again).
    pthread_t thread;
    struct MHD_Daemon *daemon;
    unsigned int capacity;          // Connections libmicrohttpd may hold at once.
    atomic_uint open;               // Handed over and not closed yet.
    atomic_bool waiting_for_room;   // The thread waits for a connection to close.
    atomic_bool stopping;
    unsigned int handed;            // Handed over since the start; the thread's alone until it is joined.
} shim_listener;

// Starts the thread, which hands what `socket` accepts to `daemon`; -1 when it cannot.
int shim_listener_start(shim_listener *listener, MHD_socket socket, unsigned int capacity, struct MHD_Daemon *daemon);
void shim_listener_connection_closed(shim_listener *listener);  // On a daemon thread.
// Joins the thread, accepts what the backlog still holds, closes the listener; returns how many were handed over.
unsigned int shim_listener_stop(shim_listener *listener);

struct http_shim_server {
    struct MHD_Daemon *daemon;
    shim_listener listener;
    http_shim_handler handler;
    void *context;
    http_shim_config config;        // As given.
    size_t pool_bytes;              // libmicrohttpd's memory per connection (shim_server.c).
    atomic_bool paced;              // A rate is set (http_shim_set_paced): each request asks config.pace for it.
    shim_registry connections;
    shim_timer timer;
};

// A connection's record (shim_connections.c): its socket, its peer, its deadlines and its request state.
typedef struct connection_record shim_connection;
// The state a connection's requests reuse one after the other (shim_request.c).
typedef struct request_state request_state;

void *shim_watch(void *registry);  // The watchdog thread.
void shim_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code);
// The connection's record; NULL when there was no memory for one (its requests are then refused).
shim_connection *shim_connection_of(struct MHD_Connection *connection);
// Where the connection keeps its request state (NULL until its first request); freed with the record.
request_state **shim_connection_request(shim_connection *record);
void shim_request_free(request_state *state);  // shim_request.c; NULL is allowed.
MHD_socket shim_connection_socket(const shim_connection *record);
// The peer's numeric address, taken once per connection; "" when unknown. Valid until the connection closes.
const char *shim_client_address(const shim_connection *record);
// The handler's memo for the connection (http_shim_keep_memo), NULL until it gives one.
void *shim_connection_memo(const shim_connection *record);
void shim_request_line_arrived(shim_connection *record);
// The headers have arrived; returns whether the connection is over a limit (its request is answered 503).
bool shim_headers_arrived(shim_connection *record);
// The request is answered; `body_bytes` is what its body took on the wire (UINT64_MAX: not known).
void shim_awaiting_next_request(shim_connection *record, struct MHD_Connection *connection, uint64_t body_bytes);
// The connection's socket, libmicrohttpd's; MHD_INVALID_SOCKET (on which a call fails harmlessly) when it does not say.
MHD_socket shim_socket(struct MHD_Connection *connection);
// Waits until each connection handed over is registered and none has a request in flight or arriving, or `deadline`.
void shim_wait_idle(shim_registry *registry, unsigned int expected_started, uint64_t deadline);

// The request's callbacks (shim_request.c).
void *shim_on_request_line(void *cls, const char *uri, struct MHD_Connection *connection);
enum MHD_Result shim_on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size,
                               void **req_cls);
void shim_on_completed(void *cls, struct MHD_Connection *connection, void **req_cls, enum MHD_RequestTerminationCode);

// The handler's answer until it is queued (shim_response.c).
struct http_shim_exchange {
    struct MHD_Response *response;
    unsigned int status;
    http_shim_delivery delivery;
    unsigned int delay_milliseconds;
    // Set before the handler runs: a body sent at `download_rate` (bytes/s, 0: unlimited) is suspended on `timer`.
    struct MHD_Connection *connection;
    shim_connection *record;        // The connection's record, where http_shim_keep_memo keeps the handler's memo.
    shim_timer *timer;
    uint64_t download_rate;
    // A prepared answer's: `response` is borrowed, and `release(owner)` ends the loan (NULL: `response` is owned).
    void (*release)(void *owner);
    void *owner;
};
// Queues the answer or closes the connection (MHD_NO) as the delivery says; releases the response either way.
enum MHD_Result shim_deliver(http_shim_exchange *exchange);
// Releases an answer not delivered: destroys an owned response, ends a prepared one's loan.
void shim_forget_answer(http_shim_exchange *exchange);
