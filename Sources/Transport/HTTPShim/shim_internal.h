// What the shim's files share; nothing here is visible to Swift.
#ifndef OPENMARKET_HTTP_SHIM_INTERNAL_H
#define OPENMARKET_HTTP_SHIM_INTERNAL_H

#include "http_shim.h"

#include <microhttpd.h>
#include <net/if.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <time.h>

// What libmicrohttpd takes of a connection's pool per query parameter (a list entry), and the room an answer's
// header block needs beside the request.
enum { SHIM_PARAMETER_BYTES = 64, SHIM_ANSWER_ROOM = 8192 };

// The longest numeric address getnameinfo writes: an IPv6 address with a scope ("fe80::1%eth0").
enum { SHIM_ADDRESS_CAPACITY = INET6_ADDRSTRLEN + IF_NAMESIZE + 1 };

// A lock and a condition whose timed waits are right on Linux and macOS (shim_timer.c).
typedef struct {
    pthread_mutex_t lock;
    pthread_cond_t wake;
} shim_monitor;

int shim_monitor_init(shim_monitor *monitor);
void shim_monitor_destroy(shim_monitor *monitor);
// Under the lock: waits until signalled or until `due` (shim_now_milliseconds' clock; UINT64_MAX: no deadline).
void shim_monitor_wait(shim_monitor *monitor, uint64_t due);
// Sets `stopping` under the lock, wakes the thread and joins it.
void shim_monitor_stop(shim_monitor *monitor, bool *stopping, pthread_t thread);
uint64_t shim_now_milliseconds(void);  // Monotonic.

// Suspended connections and when each is resumed (shim_timer.c).
struct timer_entry;
typedef struct {
    shim_monitor monitor;       // Guards the list and `stopping`; signalled when an entry comes first or on stop.
    pthread_t thread;
    bool stopping;
    struct timer_entry *head;   // Sorted by due time.
} shim_timer;

int shim_timer_start(shim_timer *timer);
// Suspends the connection (from the access handler or a content reader only) and resumes it at `due`. False when it
// is not suspended (the timer has stopped, or no memory): go on at once.
bool shim_timer_suspend(shim_timer *timer, struct MHD_Connection *connection, uint64_t due);
// Resumes every waiting connection and joins the thread; shim_timer_free, after the daemon stopped, the rest.
void shim_timer_stop(shim_timer *timer);
void shim_timer_free(shim_timer *timer);

// The open connections (shim_connections.c).
struct connection_record;
typedef struct {
    shim_monitor monitor;           // Guards the list and the counts; signalled on stop, or for a waiting stop.
    pthread_t watchdog;
    bool stopping;
    atomic_bool stop_waiting;       // A stop waits for requests to finish: every change signals the monitor.
    unsigned int header_deadline_milliseconds;
    unsigned int idle_timeout_milliseconds;
    unsigned int connection_limit;
    unsigned int per_client_limit;
    unsigned int open;              // Records not over the limit.
    atomic_uint started;            // Connections ever registered.
    struct connection_record *head;
} shim_registry;

struct http_shim_server {
    struct MHD_Daemon *daemon;
    http_shim_handler handler;
    http_shim_pace pace;
    void *context;
    size_t max_body_bytes;
    size_t max_head_bytes;
    size_t pool_bytes;              // libmicrohttpd's memory per connection (shim_server.c).
    uint16_t port;
    // Requests whose headers have all arrived and whose answer is not sent yet; a graceful stop waits on it.
    atomic_uint in_flight;
    shim_registry connections;
    shim_timer timer;
};

int shim_registry_start(shim_registry *registry, const http_shim_config *config);
void shim_registry_stop(shim_registry *registry);
void shim_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code);
void shim_request_line_arrived(struct MHD_Connection *connection);
// The headers have arrived; returns whether the connection is over a limit (its request is answered 503).
bool shim_headers_arrived(struct MHD_Connection *connection);
void shim_answer_queued(struct MHD_Connection *connection);
// The peer's numeric address, taken once per connection; "" when unknown. Valid until the connection closes.
const char *shim_client_address(struct MHD_Connection *connection);
// Ends the connection with shutdown(): libmicrohttpd reads end of file and closes it on its own thread.
void shim_close(struct MHD_Connection *connection);
void shim_pace_receive_buffer(struct MHD_Connection *connection, uint64_t upload_rate);
void shim_awaiting_next_request(struct MHD_Connection *connection);
void shim_registry_changed(shim_registry *registry);  // Wakes a waiting stop.
// Waits until no request is in flight, every connection handed over is registered and none holds unread bytes
// without its headers, or until `deadline`.
void shim_registry_wait_idle(shim_registry *registry, const atomic_uint *in_flight, unsigned int expected_started,
                             uint64_t deadline);

// The request's callbacks (shim_request.c).
void *shim_on_request_line(void *cls, const char *uri, struct MHD_Connection *connection);
enum MHD_Result shim_on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size,
                               void **req_cls);
void shim_on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                       enum MHD_RequestTerminationCode reason);

// The handler's answer until it is queued (shim_response.c).
struct http_shim_exchange {
    struct MHD_Response *response;
    unsigned int status;
    http_shim_delivery delivery;
    unsigned int delay_milliseconds;
    // Set by the shim before the handler runs: a body sent at `download_rate` (bytes per second, 0: unlimited) is
    // read out slice by slice, the connection suspended on `timer` between slices.
    struct MHD_Connection *connection;
    shim_timer *timer;
    uint64_t download_rate;
};
// Queues the answer or closes the connection (MHD_NO) as the delivery says; releases the response either way.
enum MHD_Result shim_deliver(http_shim_exchange *exchange);

#endif
