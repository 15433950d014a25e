// Open connections, tracked so that a client cannot hold one forever by sending its headers a byte at a time
// (libmicrohttpd's idle timeout restarts on every byte) and so that a stop answers requests that already arrived.
//
// Lifetimes: a connection_record is allocated when libmicrohttpd reports a connection started and freed when it
// reports it closed, which libmicrohttpd does before it closes the socket; the registry lock is held for both and
// for every use of the descriptor, so the watchdog never touches a descriptor that was closed and reused.

#include "shim_internal.h"

#include <errno.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

typedef struct connection_record {
    struct connection_record *previous;
    struct connection_record *next;
    struct http_shim_server *server;
    MHD_socket descriptor;
    // Monotonic milliseconds by which the next request's headers must be in; 0 once in. Atomic, so the connection's
    // daemon thread sets it without the registry lock on every request.
    _Atomic uint64_t header_deadline;
    // Whether a request came on it (libmicrohttpd reported one complete, answered or not), and the answer the shim
    // owes it at close instead of libmicrohttpd's. Only its daemon thread uses them.
    bool had_request;
    shim_own_answer_kind owed_answer;
    // The peer's address (family and bytes only, no port), whether it is the one every local client shares, and
    // whether this connection is over a limit: set at start, read-only after.
    int family;
    uint8_t address[16];
    bool shared_loopback;
    bool over_limit;
    // On the portable path, what the record shares with the connection's relay (shim_relay.c); NULL otherwise. One
    // reference, taken at registration and let go at the close notification.
    struct shim_relay_link *link;
} connection_record;

uint64_t shim_monotonic_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

static connection_record *record_of(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

struct http_shim_server *shim_server_of(struct MHD_Connection *connection) {
    connection_record *record = record_of(connection);
    return record != NULL ? record->server : NULL;
}

// The record lives until the connection's close notification, which comes after every request callback.
static void set_deadline(struct MHD_Connection *connection, uint64_t allowed_milliseconds) {
    connection_record *record = record_of(connection);
    if (record == NULL) return;
    atomic_store(&record->header_deadline,
                 allowed_milliseconds != 0 ? shim_monotonic_milliseconds() + allowed_milliseconds : 0);
}

void shim_headers_arrived(struct MHD_Connection *connection) {
    set_deadline(connection, 0);
}

// libmicrohttpd does not say when a request's first byte comes, so the next request's deadline starts with the
// previous answer; it also allows the idle timeout, so a kept-alive connection that merely waits is closed by the
// idle timeout as before, while one that trickles a request is still cut off, at most that much later.
void shim_awaiting_next_request(struct MHD_Connection *connection) {
    connection_record *record = record_of(connection);
    if (record == NULL) return;
    const connection_registry *registry = &record->server->connections;
    set_deadline(connection, (uint64_t)registry->header_deadline_milliseconds + registry->idle_timeout_milliseconds);
    record->had_request = true;
    if (record->link != NULL) shim_relay_link_completed(record->link);
}

void shim_reset_at_close(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (info == NULL) return;
    struct linger abort_on_close = {.l_onoff = 1, .l_linger = 0};
    setsockopt(info->connect_fd, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    connection_record *record = record_of(connection);
    if (record != NULL && record->link != NULL) shim_relay_link_reset(record->link);
}

void shim_registry_expect_link(connection_registry *registry, struct shim_relay_link *link) {
    pthread_mutex_lock(&registry->lock);
    link->next_pending = registry->pending_links;
    registry->pending_links = link;
    pthread_mutex_unlock(&registry->lock);
}

// Under the registry lock: takes the waiting link whose daemon end is `descriptor` out of the list, or NULL.
static struct shim_relay_link *take_link(connection_registry *registry, MHD_socket descriptor) {
    for (struct shim_relay_link **at = &registry->pending_links; *at != NULL; at = &(*at)->next_pending) {
        struct shim_relay_link *link = *at;
        if (link->daemon_end != descriptor) continue;
        *at = link->next_pending;
        return link;
    }
    return NULL;
}

void shim_registry_forget_link(connection_registry *registry, struct shim_relay_link *link) {
    pthread_mutex_lock(&registry->lock);
    for (struct shim_relay_link **at = &registry->pending_links; *at != NULL; at = &(*at)->next_pending) {
        if (*at != link) continue;
        *at = link->next_pending;
        break;
    }
    pthread_mutex_unlock(&registry->lock);
}

void shim_owe_own_answer(struct MHD_Connection *connection, shim_own_answer_kind kind) {
    connection_record *record = record_of(connection);
    if (record != NULL) record->owed_answer = kind;
}

void shim_registry_closing_all(connection_registry *registry) {
    atomic_store(&registry->closing_all, true);
}

// The peer has sent its end of file: it is gone, nobody would read an answer.
static bool peer_has_closed(const connection_record *record) {
    char byte;
    return recv(record->descriptor, &byte, 1, MSG_PEEK | MSG_DONTWAIT) == 0;
}

// What the shim answers a connection libmicrohttpd is closing: what it owes (a bad Content-Length), or the answer
// to bytes that were not a request. Those are bytes that came on a new connection whose first request never
// reached the handler, nor got an error from libmicrohttpd (both clear the deadline; so does the header deadline's
// own closing, so a slow client gets no 400). Only a connection's first request is judged: after one, telling junk
// from a kept-alive connection closed for idling would cost a system call per request, so junk there is only
// closed. Nothing goes to a client that hung up, or when the server is closing every connection.
static shim_own_answer_kind answer_at_close(const connection_record *record) {
    shim_own_answer_kind kind = record->owed_answer;
    if (kind == SHIM_NO_OWN_ANSWER && !record->had_request && atomic_load(&record->header_deadline) != 0 &&
        shim_bytes_received(record->descriptor) > 0) {
        kind = SHIM_UNREADABLE_REQUEST;
    }
    if (kind == SHIM_NO_OWN_ANSWER || atomic_load(&record->server->connections.closing_all) || peer_has_closed(record)) {
        return SHIM_NO_OWN_ANSWER;
    }
    return kind;
}

// Keeps the peer's address in the record. 127.0.0.1 and ::1 (also as ::ffff:127.0.0.1) are the addresses every
// local client shares, a test suite's sessions and the simulator alike, so a per-address limit would lock them out
// of their own server; other loopback addresses (127.0.0.2...) are limited like any.
static void remember_peer(connection_record *record, struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    static const uint8_t mapped_loopback[16] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1};
    if (info->client_addr->sa_family == AF_INET) {
        const struct sockaddr_in *peer = (const struct sockaddr_in *)info->client_addr;
        record->family = AF_INET;
        memcpy(record->address, &peer->sin_addr, sizeof peer->sin_addr);
        record->shared_loopback = peer->sin_addr.s_addr == htonl(INADDR_LOOPBACK);
    } else if (info->client_addr->sa_family == AF_INET6) {
        const struct sockaddr_in6 *peer = (const struct sockaddr_in6 *)info->client_addr;
        record->family = AF_INET6;
        memcpy(record->address, &peer->sin6_addr, sizeof peer->sin6_addr);
        record->shared_loopback = IN6_IS_ADDR_LOOPBACK(&peer->sin6_addr) ||
                                  memcmp(record->address, mapped_loopback, sizeof mapped_loopback) == 0;
    }
}

static bool same_peer(const connection_record *one, const connection_record *other) {
    return one->family != 0 && one->family == other->family &&
           memcmp(one->address, other->address, one->family == AF_INET ? 4 : 16) == 0;
}

// Under the registry lock. The limits are the shim's, not libmicrohttpd's (which lets a few more in), so that a
// connection over them still gets a 503 it can read instead of a silent close.
static bool is_over_limit(const connection_registry *registry, const connection_record *record) {
    unsigned int open = 0, from_peer = 0;
    for (const connection_record *other = registry->head; other != NULL; other = other->next) {
        if (other->over_limit) continue;  // Closed soon after its 503: it does not take a place.
        open++;
        if (same_peer(record, other)) from_peer++;
    }
    if (open >= registry->connection_limit) return true;
    return !record->shared_loopback && registry->per_client_limit != 0 && from_peer >= registry->per_client_limit;
}

bool shim_is_over_limit(struct MHD_Connection *connection) {
    connection_record *record = record_of(connection);
    return record != NULL && record->over_limit;
}

void shim_on_connection(void *cls, struct MHD_Connection *connection, void **socket_context,
                        enum MHD_ConnectionNotificationCode code) {
    struct http_shim_server *server = cls;
    connection_registry *registry = &server->connections;
    if (code == MHD_CONNECTION_NOTIFY_STARTED) {
        const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
        connection_record *record = calloc(1, sizeof *record);
        // Without a record the connection is still served, only without a header deadline (and its relay, which
        // then gets no count of answers, sends a refusal at once).
        if (record == NULL || info == NULL) {
            if (info != NULL) {
                pthread_mutex_lock(&registry->lock);
                struct shim_relay_link *link = take_link(registry, info->connect_fd);
                pthread_mutex_unlock(&registry->lock);
                if (link != NULL) shim_relay_link_release(link);
            }
            free(record);
            *socket_context = NULL;
            atomic_fetch_add(&registry->started, 1);
            return;
        }
        record->server = server;
        record->descriptor = info->connect_fd;
        atomic_init(&record->header_deadline, shim_monotonic_milliseconds() + registry->header_deadline_milliseconds);
        record->owed_answer = SHIM_NO_OWN_ANSWER;
        remember_peer(record, connection);
        pthread_mutex_lock(&registry->lock);
        record->link = take_link(registry, record->descriptor);
        record->over_limit = is_over_limit(registry, record);
        record->next = registry->head;
        if (registry->head != NULL) registry->head->previous = record;
        registry->head = record;
        pthread_mutex_unlock(&registry->lock);
        *socket_context = record;
        atomic_fetch_add(&registry->started, 1);
        return;
    }
    connection_record *record = *socket_context;
    if (record == NULL) return;
    shim_send_own_answer(record->server, record->descriptor, answer_at_close(record));
    *socket_context = NULL;
    pthread_mutex_lock(&registry->lock);
    if (record->previous != NULL) record->previous->next = record->next;
    else registry->head = record->next;
    if (record->next != NULL) record->next->previous = record->previous;
    pthread_mutex_unlock(&registry->lock);
    if (record->link != NULL) shim_relay_link_release(record->link);
    free(record);
}

// Bytes waiting in the socket mean the daemon thread has not read them yet (it is busy with another request), so
// the client is not the slow one. libmicrohttpd reads and parses in one go, so a trickling client leaves none.
static bool has_unread_bytes(const connection_record *record) {
    char byte;
    return recv(record->descriptor, &byte, 1, MSG_PEEK | MSG_DONTWAIT) > 0;
}

// Shutting the socket down (not closing it: libmicrohttpd owns the descriptor) makes libmicrohttpd read end of
// file and close the connection on its own thread.
static void shut_down_late_connections(connection_registry *registry, uint64_t now) {
    for (connection_record *record = registry->head; record != NULL; record = record->next) {
        uint64_t deadline = atomic_load(&record->header_deadline);
        if (deadline == 0 || now < deadline || has_unread_bytes(record)) continue;
        shutdown(record->descriptor, SHUT_RDWR);
        atomic_store(&record->header_deadline, 0);
    }
}

static void *watch_header_deadlines(void *argument) {
    connection_registry *registry = argument;
    // Checking four times per deadline keeps a late connection's lifetime within 125% of the deadline.
    unsigned int period = registry->header_deadline_milliseconds / 4;
    if (period < 10) period = 10;
    if (period > 250) period = 250;
    pthread_mutex_lock(&registry->lock);
    while (!registry->stopping) {
        shut_down_late_connections(registry, shim_monotonic_milliseconds());
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += (long)period * 1000000L;
        until.tv_sec += until.tv_nsec / 1000000000L;
        until.tv_nsec %= 1000000000L;
        pthread_cond_timedwait(&registry->wake, &registry->lock, &until);
    }
    pthread_mutex_unlock(&registry->lock);
    return NULL;
}

int shim_registry_start(connection_registry *registry, const http_shim_config *config) {
    registry->header_deadline_milliseconds = config->header_deadline_milliseconds;
    registry->idle_timeout_milliseconds = config->connection_timeout_seconds * 1000u;
    registry->connection_limit = config->connection_limit;
    registry->per_client_limit = config->per_client_connection_limit;
    atomic_init(&registry->closing_all, false);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    int failed = pthread_mutex_init(&registry->lock, NULL) != 0 || pthread_cond_init(&registry->wake, &attributes) != 0;
    pthread_condattr_destroy(&attributes);
    if (failed) return -1;
    if (pthread_create(&registry->watchdog, NULL, watch_header_deadlines, registry) != 0) return -1;
    registry->watchdog_running = true;
    return 0;
}

// Called after libmicrohttpd has stopped, so no connection callback can run any more.
void shim_registry_stop(connection_registry *registry) {
    if (registry->watchdog_running) {
        pthread_mutex_lock(&registry->lock);
        registry->stopping = true;
        pthread_cond_signal(&registry->wake);
        pthread_mutex_unlock(&registry->lock);
        pthread_join(registry->watchdog, NULL);
        registry->watchdog_running = false;
    }
    // Links of connections the daemon never registered (it has stopped): their daemon side lets go here.
    while (registry->pending_links != NULL) {
        struct shim_relay_link *link = registry->pending_links;
        registry->pending_links = link->next_pending;
        shim_relay_link_release(link);
    }
    pthread_cond_destroy(&registry->wake);
    pthread_mutex_destroy(&registry->lock);
}

// A connection still waiting for headers whose bytes sit unread in the socket holds a request that arrived before
// the stop; libmicrohttpd has not seen it yet, so nothing else counts it.
bool shim_has_unread_requests(connection_registry *registry) {
    bool unread = false;
    pthread_mutex_lock(&registry->lock);
    for (connection_record *record = registry->head; record != NULL && !unread; record = record->next) {
        unread = atomic_load(&record->header_deadline) != 0 && has_unread_bytes(record);
    }
    pthread_mutex_unlock(&registry->lock);
    return unread;
}

unsigned int shim_started_connections(connection_registry *registry) {
    return atomic_load(&registry->started);
}
