// The open connections: their records, the limits, the header deadline and the junk watchdog. A record lives from
// libmicrohttpd's start notification to its close notification (on the daemon thread), which frees it and the request
// state its requests reused (shim_request.c); the watchdog
// ends a connection with shutdown(). The limits are below libmicrohttpd's, so one over them gets the handler's 503, not
// a silent close. The registry's lock guards the list and each record's `pins` and `closing`, and is never held across
// a call on a socket: a thread that asks a socket pins its record first (pin_and_unlock).

#include "shim_internal.h"

#if defined(__linux__)
#include <linux/tcp.h>  // Not <netinet/tcp.h>: only Linux's own header has tcpi_bytes_received.
#else
#include <netinet/tcp.h>  // macOS: TCP_CONNECTION_INFO and its tcpi_rxbytes.
#endif

// How long bytes may sit read but short of a request line: a client library writes its request line at once. An
// empty line before a request line is allowed (RFC 9112, 2.2), and libmicrohttpd skips it without counting it.
enum { REQUEST_LINE_GRACE_MILLISECONDS = 400, WATCHDOG_PERIOD_MILLISECONDS = 100, EMPTY_LINE_BYTES = 2 };

typedef struct connection_record {
    struct connection_record *next, *previous;
    shim_registry *registry;
    MHD_socket descriptor;
    // The peer, numeric ("" when unknown), for the handler and the limit; room for an IPv6 address with a scope.
    char address[INET6_ADDRSTRLEN + IF_NAMESIZE + 1];
    bool over_limit;            // Came when the server was full: its request is answered 503, then it closes.
    atomic_bool has_request_line;  // The current request's line has arrived (junk never makes one).
    atomic_uint_fast64_t header_deadline;  // Monotonic ms, read coarsely; 0 from the headers to the end of the answer.
    atomic_uint_fast64_t consumed;  // What the requests answered so far took on the wire; past it: the next, or junk.
    atomic_uint_fast64_t waits;  // Waits for a request begun (start_waiting): each gives junk a fresh grace.
    // The watchdog thread's alone: when it first saw bytes without a request line (0: not yet), during which wait.
    uint64_t junk_since, junk_wait;
    unsigned int pins;          // Under the lock: threads asking the socket outside the lock; its close waits for 0.
    bool closing;               // Under the lock: the close notification waits for the pins.
    request_state *request;     // The daemon thread's: made by the first request, reused by the next ones.
    void *memo;                 // The daemon thread's too: the handler's, released by memo_release with the record.
    void (*memo_release)(void *memo);
} connection_record;

shim_connection *shim_connection_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

request_state **shim_connection_request(shim_connection *record) {
    return &record->request;
}

MHD_socket shim_connection_socket(const shim_connection *record) {
    return record->descriptor;
}

MHD_socket shim_socket(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? info->connect_fd : MHD_INVALID_SOCKET;
}

// Bytes the socket has received so far (0 when the system does not say).
static uint64_t bytes_received(MHD_socket descriptor) {
#if defined(__linux__)
    struct tcp_info info = {0};  // A kernel older than tcpi_bytes_received (4.1) leaves it 0.
    socklen_t length = sizeof info;
    if (getsockopt(descriptor, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    return info.tcpi_bytes_received;
#else
    struct tcp_connection_info info;
    socklen_t length = sizeof info;
    if (getsockopt(descriptor, IPPROTO_TCP, TCP_CONNECTION_INFO, &info, &length) != 0) return 0;
    return info.tcpi_rxbytes;
#endif
}

// Bytes the daemon thread has not read yet (it is busy) say nothing against the client.
static bool has_unread_bytes(const connection_record *record) {
    char byte;
    return recv(record->descriptor, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

static bool has_more_bytes(connection_record *record) {  // Past what the answered requests took: the next, or junk.
    return bytes_received(record->descriptor) > atomic_load(&record->consumed) + EMPTY_LINE_BYTES;
}

static void remember_peer(connection_record *record, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *peer = info->client_addr;
    socklen_t length = peer->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (getnameinfo(peer, length, record->address, sizeof record->address, NULL, 0, NI_NUMERICHOST) != 0) {
        record->address[0] = '\0';
    }
}

const char *shim_client_address(const shim_connection *record) {
    return record->address;
}

void *shim_connection_memo(const shim_connection *record) {
    return record->memo;
}

void http_shim_keep_memo(http_shim_exchange *exchange, void *memo, void (*release)(void *memo)) {
    connection_record *record = exchange->record;
    if (record->memo_release != NULL) record->memo_release(record->memo);
    record->memo = memo;
    record->memo_release = release;
}

// Under the lock. Every local client shares 127.0.0.1 (and ::1), so a per-address limit would lock them out of their
// own server; other loopback addresses (127.0.0.2...) are limited like any.
static bool is_over_limit(const shim_registry *registry, const connection_record *record) {
    const http_shim_config *config = registry->config;
    const char *address = record->address;
    if (registry->open >= config->connection_limit) return true;
    if (address[0] == '\0' || strcmp(address, "127.0.0.1") == 0 || strcmp(address, "::1") == 0 ||
        strcmp(address, "::ffff:127.0.0.1") == 0 || config->per_client_connection_limit == 0) return false;
    unsigned int from_peer = 0;
    for (const connection_record *other = registry->head; other != NULL; other = other->next) {
        if (!other->over_limit && strcmp(other->address, address) == 0) from_peer++;
    }
    return from_peer >= config->per_client_connection_limit;
}

// Under the lock. Counted: a stop that asked the sockets outside the lock meanwhile must not wait for it.
static void broadcast_change(shim_registry *registry) {
    registry->changes++;
    pthread_cond_broadcast(&registry->monitor.wake);
}

// After a change that can make a connection idle. The fence orders the daemon thread's release stores before the look
// at stop_waiting, against the stop's own store then look (both sequentially consistent): one of the two sees the
// other, so a stop never sleeps through the change that ends its wait.
static void wake_waiting_stop(shim_registry *registry) {
    atomic_thread_fence(memory_order_seq_cst);
    if (!atomic_load_explicit(&registry->stop_waiting, memory_order_relaxed)) return;
    pthread_mutex_lock(&registry->monitor.lock);
    broadcast_change(registry);
    pthread_mutex_unlock(&registry->monitor.lock);
}

// Release stores of words only the daemon thread changes (the watchdog also zeroes header_deadline): a locked
// instruction per store, on every request, would buy no order that the readers need. A reader that sees a store sees
// what was stored before it.
static void store_word(atomic_uint_fast64_t *word, uint64_t value) {
    atomic_store_explicit(word, value, memory_order_release);
}

static void add_to_word(atomic_uint_fast64_t *word, uint64_t amount) {
    store_word(word, atomic_load_explicit(word, memory_order_relaxed) + amount);
}

// On the daemon thread; the watchdog, which owns `junk_since`, sees the new wait in `waits`, and once it sees the new
// deadline it sees the rest.
static void start_waiting(connection_record *record, uint64_t deadline) {
    add_to_word(&record->waits, 1);
    atomic_store_explicit(&record->has_request_line, false, memory_order_release);
    store_word(&record->header_deadline, deadline);
}

void shim_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code) {
    struct http_shim_server *server = cls;
    shim_registry *registry = &server->connections;
    connection_record *record = *socket_context;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        MHD_socket descriptor = shim_socket(connection);
        record = descriptor != MHD_INVALID_SOCKET ? calloc(1, sizeof *record) : NULL;
        *socket_context = record;
        if (record == NULL) {  // Out of memory: its first request closes it (shim_on_request_line).
            atomic_fetch_add(&registry->started, 1);
            wake_waiting_stop(registry);
            return;
        }
        record->registry = registry;
        record->descriptor = descriptor;
        remember_peer(record, connection);
        start_waiting(record, shim_coarse_now_milliseconds() + registry->config->header_deadline_milliseconds);
        pthread_mutex_lock(&registry->monitor.lock);
        record->over_limit = is_over_limit(registry, record);
        if (!record->over_limit) registry->open++;
        record->next = registry->head;
        if (registry->head != NULL) registry->head->previous = record;
        registry->head = record;
        atomic_fetch_add(&registry->started, 1);  // Once listed: a stop that saw the count must see the record.
        if (record->next == NULL || atomic_load(&registry->stop_waiting)) {  // The watchdog sleeps while none is open.
            broadcast_change(registry);
        }
        pthread_mutex_unlock(&registry->monitor.lock);
        return;
    }
    shim_listener_connection_closed(&server->listener);
    if (record == NULL) return;
    *socket_context = NULL;  // Freed below: shim_connection_of finds no record from now on.
    pthread_mutex_lock(&registry->monitor.lock);
    // libmicrohttpd closes the descriptor after this notification returns: a pinned record's socket is still this one.
    record->closing = true;
    while (record->pins > 0) pthread_cond_wait(&registry->monitor.wake, &registry->monitor.lock);
    if (record->previous != NULL) record->previous->next = record->next;
    else registry->head = record->next;
    if (record->next != NULL) record->next->previous = record->previous;
    if (!record->over_limit) registry->open--;
    if (atomic_load(&registry->stop_waiting)) broadcast_change(registry);
    pthread_mutex_unlock(&registry->monitor.lock);
    shim_request_free(record->request);  // Its last request has completed: libmicrohttpd notified that first.
    if (record->memo_release != NULL) record->memo_release(record->memo);
    free(record);
}

void shim_request_line_arrived(shim_connection *record) {
    atomic_store_explicit(&record->has_request_line, true, memory_order_release);
}

// No wake for a waiting stop: a connection with a request line is busy before and after (is_busy).
bool shim_headers_arrived(shim_connection *record) {
    store_word(&record->header_deadline, 0);
    return record->over_limit;
}

// The head's size as libmicrohttpd measured it, plus the body, counts what a request took without asking the socket
// (a chunked body asks). The idle timeout is added to the deadline: a kept-alive connection that merely waits lasts
// libmicrohttpd's idle timeout, while one that trickles its next headers is still cut off.
void shim_awaiting_next_request(shim_connection *record, struct MHD_Connection *connection, uint64_t body_bytes) {
    const union MHD_ConnectionInfo *head = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    if (head == NULL || body_bytes == UINT64_MAX) store_word(&record->consumed, bytes_received(record->descriptor));
    else add_to_word(&record->consumed, head->header_size + body_bytes);
    const http_shim_config *config = record->registry->config;
    uint64_t idle = config->connection_timeout_seconds * 1000u + config->header_deadline_milliseconds;
    start_waiting(record, shim_coarse_now_milliseconds() + idle);
    wake_waiting_stop(record->registry);  // The request is no longer in flight.
}

// Under the lock; returns without it. Until unpin_and_lock, the record stays listed and allocated, and its descriptor
// open (its close notification waits for the pins, and libmicrohttpd closes the descriptor only after it returns).
static void pin_and_unlock(shim_registry *registry, connection_record *record) {
    record->pins++;
    pthread_mutex_unlock(&registry->monitor.lock);
}

static void unpin_and_lock(shim_registry *registry, connection_record *record) {
    pthread_mutex_lock(&registry->monitor.lock);
    if (--record->pins == 0 && record->closing) broadcast_change(registry);
}

// On the watchdog thread, the record pinned. Whether to close the connection now: its headers are late, or what it sent
// has made no request line for a while (junk, a TLS ClientHello, on which libmicrohttpd 0.9.x would wait for the idle
// timeout).
static bool is_late(connection_record *record, uint64_t now) {
    uint64_t deadline = atomic_load(&record->header_deadline);
    if (deadline == 0) return false;
    bool past_deadline = now >= deadline;
    bool junk = !atomic_load(&record->has_request_line) && has_more_bytes(record);
    if ((!past_deadline && !junk) || has_unread_bytes(record)) return false;
    if (past_deadline) return true;
    uint64_t wait = atomic_load(&record->waits);
    if (record->junk_since == 0 || record->junk_wait != wait) {
        record->junk_since = now;
        record->junk_wait = wait;
    }
    return now - record->junk_since >= REQUEST_LINE_GRACE_MILLISECONDS;
}

void *shim_watch(void *argument) {
    shim_registry *registry = argument;
    pthread_mutex_lock(&registry->monitor.lock);
    while (!registry->monitor.stopping) {
        uint64_t now = shim_now_milliseconds();
        for (connection_record *record = registry->head; record != NULL; record = record->next) {
            pin_and_unlock(registry, record);
            if (is_late(record, now)) {
                shutdown(record->descriptor, SHUT_RDWR);
                atomic_store(&record->header_deadline, 0);
            }
            unpin_and_lock(registry, record);  // Still listed: `next` is read under the lock.
        }
        shim_monitor_wait(&registry->monitor, registry->head != NULL ? now + WATCHDOG_PERIOD_MILLISECONDS : UINT64_MAX);
    }
    pthread_mutex_unlock(&registry->monitor.lock);
    return NULL;
}

// Pinned by the caller. A request in flight, its head arriving, or bytes read or unread that make no request line yet.
static bool is_busy(connection_record *record) {
    return atomic_load(&record->header_deadline) == 0 || atomic_load(&record->has_request_line) ||
           has_unread_bytes(record) || has_more_bytes(record);
}

// Every change signals the monitor while a stop waits: unread bytes that libmicrohttpd reads become headers or a close.
void shim_wait_idle(shim_registry *registry, unsigned int expected_started, uint64_t deadline) {
    atomic_store(&registry->stop_waiting, true);
    pthread_mutex_lock(&registry->monitor.lock);
    while (shim_now_milliseconds() < deadline) {
        unsigned int changes = registry->changes;
        bool busy = atomic_load(&registry->started) < expected_started;
        // A busy connection holds a request that came before the stop (or junk the watchdog soon closes).
        for (connection_record *record = registry->head; record != NULL && !busy; record = record->next) {
            pin_and_unlock(registry, record);
            busy = is_busy(record);
            unpin_and_lock(registry, record);
        }
        if (!busy) break;
        if (registry->changes == changes) shim_monitor_wait(&registry->monitor, deadline);
    }
    pthread_mutex_unlock(&registry->monitor.lock);
}
