// The portable path's relays: what replaces, where the library's calls cannot be interposed (macOS), the Linux
// path's replacement of libmicrohttpd's own HTML refusals on every request of a connection, not only its first.
// The gate (shim_gate.c) accepts each client and gives it to a relay, which makes a socket pair, hands one end to
// the daemon with MHD_add_connection (with the client's address, so per-address limits and the admin plane's
// localhost check see the TCP peer) and pumps bytes between the client and its own end:
// - client to daemon: each request head is held until shim_judge_head has a verdict, then passed on with its body
//   by the body's framing (a length, or chunks whose size lines and trailing CRLFs are judged as libmicrohttpd
//   judges them). What libmicrohttpd would refuse itself is not passed on: the relay stops reading the client,
//   relays the daemon's answers to every request it passed on before (counted by the link below), then sends the
//   shim's own answer (the same bytes the Linux path sends) and closes.
// - daemon to client: a plain byte pump; when the daemon closes its end, the relay sends what is left and closes the
//   client, with a TCP reset when the daemon's answer was one (the `reset` fault, which cannot reset a socket pair).
// Timeouts stay the daemon's: a head the relay holds has not reached the daemon, whose header deadline
// (shim_connections.c) and idle timeout then close its end, which closes the client. A full socket on either side
// stops the reading of the other (poll waits for room), so a relay holds at most one head (the connection memory
// limit) and RELAY_OUT_CAPACITY bytes, each allocated only while bytes wait in it.
//
// Lifetimes: the relays and their table belong to the gate's thread, from shim_relays_create to
// shim_relays_close_all (which frees them). A relay owns the client's socket and its end of the pair, closes both
// when it ends, and holds one reference to its link; the daemon owns the other end of the pair from
// MHD_add_connection on, and its connection record (shim_connections.c) holds the link's other reference.

#include "shim_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum {
    RELAY_OUT_CAPACITY = 32768,  // The daemon's bytes not yet sent to the client.
    FIRST_TABLE_CAPACITY = 64,   // The table doubles from here up to the daemon's connection limit.
    WAIT_MILLISECONDS = 2,       // How often a refusal waiting for the daemon's answers looks at its count again.
};

void shim_relay_link_completed(struct shim_relay_link *link) {
    atomic_fetch_add(&link->completed, 1);
}

void shim_relay_link_reset(struct shim_relay_link *link) {
    atomic_store(&link->reset, true);
}

void shim_relay_link_release(struct shim_relay_link *link) {
    if (atomic_fetch_sub(&link->holders, 1) == 1) free(link);
}

// Where the client's bytes are in their request: what the next byte passed on must be.
typedef enum {
    FRAME_HEAD,        // A request head (or the empty lines before one), held until judged.
    FRAME_BODY,        // `remaining` bytes of a body with a Content-Length.
    FRAME_CHUNK_LINE,  // A chunk size line, held until judged.
    FRAME_CHUNK_DATA,  // `remaining` bytes of a chunk.
    FRAME_CHUNK_END,   // The CRLF (or bare LF) after a chunk's data.
    FRAME_TRAILER,     // Trailer lines up to an empty one, passed on as they come (the daemon reads them).
    FRAME_UNJUDGED,    // Everything, as it comes: a line the daemon closes the connection on without an answer.
} frame_state;

typedef struct {
    MHD_socket client;  // The TCP connection.
    MHD_socket pair;    // The relay's end of the socket pair.
    struct shim_relay_link *link;
    // Client to daemon: in[in_start, in_start + in_length) came from the client; its first `cleared` bytes are judged
    // and wait to be written to the pair, the rest waits for a verdict. Allocated while it holds bytes.
    char *in;
    size_t in_start, in_length, cleared;
    frame_state frame;
    uint64_t remaining;
    size_t trailer_line;     // Bytes of the current trailer line so far.
    unsigned int forwarded;  // Request heads passed on.
    bool client_ended;       // The client sent its end of file; passed on (pair_shut) once `in` is written.
    bool pair_shut;
    // A refusal: the own answer owed, and how many requests the daemon must complete before it is sent.
    int refusal;
    unsigned int answered_first;
    bool reading_stopped;
    // Daemon to client: out[out_start, out_start + out_length), allocated while it holds bytes.
    char *out;
    size_t out_start, out_length;
    bool daemon_ended;
} relay;

struct shim_relays {
    struct http_shim_server *server;
    size_t in_capacity;  // The connection memory limit plus one: enough to tell a head too large to take.
    relay **table;
    unsigned int count;
    unsigned int capacity;
    unsigned int limit;  // The daemon's connection limit: a client past it is closed at once, as the daemon would.
    char scratch[16384];  // What a refused client still sends, read to be dropped.
};

struct shim_relays *shim_relays_create(struct http_shim_server *server) {
    struct shim_relays *relays = calloc(1, sizeof *relays);
    if (relays == NULL) return NULL;
    relays->server = server;
    relays->in_capacity = server->connection_memory_limit + 1;
    relays->limit = server->daemon_connection_limit;
    return relays;
}

static void set_socket_options(MHD_socket descriptor) {
    fcntl(descriptor, F_SETFD, FD_CLOEXEC);
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK);
#ifdef SO_NOSIGPIPE
    int on = 1;
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
}

static bool make_room(struct shim_relays *relays) {
    if (relays->count < relays->capacity) return true;
    if (relays->capacity >= relays->limit) return false;
    unsigned int capacity = relays->capacity == 0 ? FIRST_TABLE_CAPACITY : relays->capacity * 2;
    if (capacity > relays->limit) capacity = relays->limit;
    relay **grown = realloc(relays->table, capacity * sizeof *grown);
    if (grown == NULL) return false;
    relays->table = grown;
    relays->capacity = capacity;
    return true;
}

bool shim_relays_add(struct shim_relays *relays, MHD_socket client, const struct sockaddr *address,
                     socklen_t address_length) {
    int ends[2];
    relay *added = NULL;
    struct shim_relay_link *link = NULL;
    if (!make_room(relays) || (added = calloc(1, sizeof *added)) == NULL ||
        (link = calloc(1, sizeof *link)) == NULL || socketpair(AF_UNIX, SOCK_STREAM, 0, ends) != 0) {
        free(added);
        free(link);
        close(client);
        return false;
    }
    set_socket_options(ends[0]);
    set_socket_options(ends[1]);
    atomic_init(&link->completed, 0);
    atomic_init(&link->reset, false);
    atomic_init(&link->holders, 2);
    link->daemon_end = ends[1];
    *added = (relay){.client = client, .pair = ends[0], .link = link, .frame = FRAME_HEAD,
                     .refusal = SHIM_NO_OWN_ANSWER};
    connection_registry *registry = &relays->server->connections;
    shim_registry_expect_link(registry, link);
    // The daemon owns its end from here, and closes it itself when it cannot take the connection.
    if (MHD_add_connection(relays->server->daemon, ends[1], address, address_length) != MHD_YES) {
        shim_registry_forget_link(registry, link);
        shim_relay_link_release(link);  // The daemon's side, which never came.
        shim_relay_link_release(link);
        close(ends[0]);
        close(client);
        free(added);
        return false;
    }
    relays->table[relays->count++] = added;
    return true;
}

// Ends the relay: closes both of its sockets (the client's with a reset when the daemon's close was one) and frees
// it. The daemon sees its end of the pair close and closes the connection.
static void finish(relay *ended) {
    if (atomic_load(&ended->link->reset)) {
        struct linger abort_on_close = {.l_onoff = 1, .l_linger = 0};
        setsockopt(ended->client, SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    }
    close(ended->client);
    close(ended->pair);
    free(ended->in);
    free(ended->out);
    shim_relay_link_release(ended->link);
    free(ended);
}

// Reads what the client sent into `in`. False when the client's socket broke.
static bool read_client(struct shim_relays *relays, relay *r) {
    if (r->in_length == relays->in_capacity) return true;  // Full: the judge refuses before that; never a read of 0.
    if (r->in == NULL) {
        r->in = malloc(relays->in_capacity);
        if (r->in == NULL) return false;
    }
    if (r->in_start > 0) {  // Held bytes move to the front, so that a head is judged in one piece.
        memmove(r->in, r->in + r->in_start, r->in_length);
        r->in_start = 0;
    }
    ssize_t received = recv(r->client, r->in + r->in_length, relays->in_capacity - r->in_length, 0);
    if (received > 0) r->in_length += (size_t)received;
    if (received == 0) r->client_ended = true;
    if (r->in_length == 0) {
        free(r->in);
        r->in = NULL;
    }
    return received >= 0 || errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
}

// Stops passing on what the client sends: the refused bytes and all after them are dropped, and `kind` is sent
// once the daemon has completed `answered_first` requests.
static void refuse(relay *r, int kind, unsigned int answered_first) {
    r->refusal = kind;
    r->answered_first = answered_first;
    r->reading_stopped = true;
    r->in_length = r->cleared;
}

static void judge_head(struct shim_relays *relays, relay *r, const char *bytes, size_t available) {
    // Empty lines before a request line are skipped by libmicrohttpd (0.9.75 ends a line at a lone CR too).
    if (bytes[0] == '\n' || (bytes[0] == '\r' && available >= 2)) {
        r->cleared += bytes[0] == '\r' && bytes[1] == '\n' ? 2 : 1;
        return;
    }
    if (bytes[0] == '\r') return;  // Its LF may be on its way.
    shim_request_framing framing;
    int verdict = shim_judge_head(bytes, available, relays->server->connection_memory_limit, r->forwarded == 0,
                                  &framing);
    if (verdict == SHIM_JUDGE_WAIT) return;
    if (verdict != SHIM_NO_OWN_ANSWER) {
        refuse(r, verdict, r->forwarded);
        return;
    }
    if (framing.head_length == 0) {  // A line the daemon closes on without a word: it is its to close.
        r->frame = FRAME_UNJUDGED;
        return;
    }
    r->cleared += framing.head_length;
    r->forwarded++;
    r->remaining = framing.content_length;
    r->frame = framing.chunked ? FRAME_CHUNK_LINE : framing.content_length > 0 ? FRAME_BODY : FRAME_HEAD;
}

static void judge_chunk_line(struct shim_relays *relays, relay *r, const char *bytes, size_t available) {
    size_t line_length;
    uint64_t size;
    int verdict = shim_judge_chunk_line(bytes, available, &line_length, &size);
    if (verdict == SHIM_JUDGE_WAIT) {
        // A size line (with its extension) as long as the connection's memory: libmicrohttpd would wait for its
        // end until the idle timeout; the relay, which must not hold more, refuses it as malformed.
        if (available >= relays->in_capacity) refuse(r, SHIM_MALFORMED_REQUEST, r->forwarded - 1);
        return;
    }
    if (verdict != SHIM_NO_OWN_ANSWER) {
        refuse(r, verdict, r->forwarded - 1);
        return;
    }
    r->cleared += line_length;
    r->remaining = size;
    r->trailer_line = 0;
    r->frame = size == 0 ? FRAME_TRAILER : FRAME_CHUNK_DATA;
}

// Passes body bytes on, up to what is left of the body or chunk; then `next`.
static void pass_counted(relay *r, size_t available, frame_state next) {
    size_t passed = r->remaining < available ? (size_t)r->remaining : available;
    r->cleared += passed;
    r->remaining -= passed;
    if (r->remaining == 0) r->frame = next;
}

// Judges the client's bytes that wait for a verdict, as far as they go, clearing them to be passed on.
static void judge_client_bytes(struct shim_relays *relays, relay *r) {
    while (r->refusal == SHIM_NO_OWN_ANSWER && r->cleared < r->in_length) {
        const char *bytes = r->in + r->in_start + r->cleared;
        size_t available = r->in_length - r->cleared;
        size_t cleared_before = r->cleared;
        frame_state frame_before = r->frame;
        switch (r->frame) {
        case FRAME_HEAD: judge_head(relays, r, bytes, available); break;
        case FRAME_BODY: pass_counted(r, available, FRAME_HEAD); break;
        case FRAME_CHUNK_LINE: judge_chunk_line(relays, r, bytes, available); break;
        case FRAME_CHUNK_DATA: pass_counted(r, available, FRAME_CHUNK_END); break;
        case FRAME_CHUNK_END:
            // As 0.9.75 reads it: CRLF or a bare LF; with one byte other than LF it waits for a second.
            if (bytes[0] == '\n' || (available >= 2 && bytes[0] == '\r' && bytes[1] == '\n')) {
                r->cleared += bytes[0] == '\n' ? 1 : 2;
                r->frame = FRAME_CHUNK_LINE;
            } else if (available >= 2) {
                refuse(r, SHIM_MALFORMED_REQUEST, r->forwarded - 1);
            }
            break;
        case FRAME_TRAILER:
            for (size_t index = 0; index < available && r->frame == FRAME_TRAILER; index++) {
                r->cleared++;
                if (bytes[index] == '\n') {
                    if (r->trailer_line == 0) r->frame = FRAME_HEAD;  // The empty line that ends the request.
                    r->trailer_line = 0;
                } else if (bytes[index] != '\r') {
                    r->trailer_line++;
                }
            }
            break;
        case FRAME_UNJUDGED: r->cleared = r->in_length; break;
        }
        if (r->cleared == cleared_before && r->frame == frame_before) break;  // Waiting for more bytes.
    }
}

// Writes the cleared bytes to the pair. When the daemon's end is gone, nothing more goes to it (its close is then
// read as such).
static void write_daemon(relay *r) {
    ssize_t sent = send(r->pair, r->in + r->in_start, r->cleared, MSG_NOSIGNAL);
    if (sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (sent < 0) {  // The daemon closed its end: nothing more goes to it.
        r->reading_stopped = true;
        sent = (ssize_t)r->in_length;
        r->cleared = r->in_length;
    }
    r->in_start += (size_t)sent;
    r->in_length -= (size_t)sent;
    r->cleared -= (size_t)sent;
    if (r->in_length == 0) {
        free(r->in);
        r->in = NULL;
        r->in_start = 0;
    }
}

// Reads what the daemon sent into `out` (which must have room). Returns how many bytes came.
static size_t read_daemon(relay *r) {
    if (r->out == NULL) {
        r->out = malloc(RELAY_OUT_CAPACITY);
        if (r->out == NULL) return 0;
    }
    if (r->out_start > 0) {
        memmove(r->out, r->out + r->out_start, r->out_length);
        r->out_start = 0;
    }
    ssize_t received = recv(r->pair, r->out + r->out_length, RELAY_OUT_CAPACITY - r->out_length, 0);
    if (received > 0) r->out_length += (size_t)received;
    else if (received == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)) r->daemon_ended = true;
    if (r->out_length == 0) {
        free(r->out);
        r->out = NULL;
    }
    return received > 0 ? (size_t)received : 0;
}

// Sends what the daemon sent to the client. False when the client's socket broke.
static bool write_client(relay *r) {
    ssize_t sent = send(r->client, r->out + r->out_start, r->out_length, MSG_NOSIGNAL);
    if (sent < 0) return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR;
    r->out_start += (size_t)sent;
    r->out_length -= (size_t)sent;
    if (r->out_length == 0) {
        free(r->out);
        r->out = NULL;
        r->out_start = 0;
    }
    return true;
}

// A refusal whose turn may have come: once every request passed on before it is answered and its answer sent, the
// own answer goes out and the relay ends (returns true). When the daemon completed the refused request itself (an
// early answer, such as a 503, to a request whose body the relay refused), that answer stands, and the daemon
// closes the connection after it.
static bool answer_refusal(struct shim_relays *relays, relay *r) {
    if (r->out_length > 0 || r->daemon_ended) return false;
    bool daemon_gone = atomic_load(&r->link->holders) < 2;  // Never registered, or closed: nothing to wait for.
    unsigned int completed = atomic_load(&r->link->completed);
    if (!daemon_gone && completed < r->answered_first) return false;
    // The daemon wrote each answer before it counted it: what is still in the pair goes out first.
    if (read_daemon(r) > 0 || r->daemon_ended) return false;
    if (r->answered_first < r->forwarded && completed >= r->forwarded) {
        r->refusal = SHIM_NO_OWN_ANSWER;
        return false;
    }
    shim_refuse(relays->server, r->client, (shim_own_answer_kind)r->refusal, relays->scratch, sizeof relays->scratch);
    finish(r);
    return true;
}

// Moves what can move between the client and the daemon. Returns whether the relay has ended.
static bool step(struct shim_relays *relays, relay *r, short client_events, short pair_events) {
    // The daemon's bytes first: answers go out before anything else happens.
    if ((pair_events & (POLLIN | POLLHUP | POLLERR)) != 0 && !r->daemon_ended && r->out_length < RELAY_OUT_CAPACITY) {
        read_daemon(r);
    }
    if (r->out_length > 0 && !write_client(r)) {
        finish(r);
        return true;
    }
    if (r->daemon_ended && (r->out_length == 0 || atomic_load(&r->link->reset))) {
        finish(r);
        return true;
    }
    if ((client_events & (POLLIN | POLLHUP | POLLERR)) != 0 && !r->reading_stopped && !r->client_ended) {
        if (!read_client(relays, r)) {
            finish(r);
            return true;
        }
        // What the client sent before its end of file goes to the daemon as it is, as it would on Linux.
        if (r->client_ended) r->frame = FRAME_UNJUDGED;
        judge_client_bytes(relays, r);
    }
    if (r->cleared > 0) write_daemon(r);
    if (r->client_ended && r->in_length == 0 && !r->pair_shut) {
        shutdown(r->pair, SHUT_WR);
        r->pair_shut = true;
    }
    if (r->refusal != SHIM_NO_OWN_ANSWER && r->cleared == 0) return answer_refusal(relays, r);
    return false;
}

unsigned int shim_relays_poll_set(struct shim_relays *relays, struct pollfd *polled, unsigned int capacity,
                                  int *timeout) {
    unsigned int count = relays->count < capacity / 2 ? relays->count : capacity / 2;
    for (unsigned int index = 0; index < count; index++) {
        const relay *r = relays->table[index];
        short client_events = r->out_length > 0 ? POLLOUT : 0;
        // More from the client only once what was judged has gone to the daemon, and while there is room.
        if (!r->reading_stopped && !r->client_ended && r->cleared == 0) client_events |= POLLIN;
        short pair_events = r->cleared > 0 ? POLLOUT : 0;
        if (!r->daemon_ended && r->out_length == 0) pair_events |= POLLIN;
        // A socket nothing is asked of is left out, so that a hang-up it reports cannot spin the loop.
        polled[2 * index] = (struct pollfd){.fd = client_events != 0 ? r->client : -1, .events = client_events};
        polled[2 * index + 1] = (struct pollfd){.fd = pair_events != 0 ? r->pair : -1, .events = pair_events};
        if (r->refusal != SHIM_NO_OWN_ANSWER && (*timeout < 0 || *timeout > WAIT_MILLISECONDS)) {
            *timeout = WAIT_MILLISECONDS;  // The daemon's count changes without a byte to poll for.
        }
    }
    return 2 * count;
}

void shim_relays_after_poll(struct shim_relays *relays, const struct pollfd *polled, unsigned int polled_count) {
    // Backwards: an ended relay's place takes the last one, which has already had its turn.
    for (unsigned int index = polled_count / 2; index-- > 0;) {
        relay *r = relays->table[index];
        short client_events = polled[2 * index].revents, pair_events = polled[2 * index + 1].revents;
        if (client_events == 0 && pair_events == 0 && r->refusal == SHIM_NO_OWN_ANSWER) continue;
        if (step(relays, r, client_events, pair_events)) relays->table[index] = relays->table[--relays->count];
    }
}

void shim_relays_close_all(struct shim_relays *relays) {
    // The daemon has stopped and closed its ends: what it wrote last is sent if the client takes it at once.
    for (unsigned int index = 0; index < relays->count; index++) {
        relay *r = relays->table[index];
        for (int round = 0; round < 64; round++) {
            if (r->out_length > 0 && (!write_client(r) || r->out_length > 0)) break;
            if (r->daemon_ended || read_daemon(r) == 0) break;
        }
        finish(r);
    }
    free(relays->table);
    free(relays);
}
