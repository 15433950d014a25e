// The portable path's gate: what replaces, on macOS, the Linux path's interposition of MHD_queue_response.
// libmicrohttpd refuses some requests by itself with fixed HTML pages (a request line or head too large, a request
// line that is not HTTP, an HTTP version other than 1.x, a Content-Length that is not a length, a chunk size past
// 2^64; with 1.0 also a transfer coding other than chunked and a Content-Length of 2^64 - 1, which 0.9.75 leaves to
// the shim), and stalls on a request line that starts with a NUL byte (0.9.75). Where the library's own calls cannot be
// interposed (the portable path), or where it stalls before anything could be interposed (the Linux path with 0.9.x,
// for NUL-led junk), the gate sees the request first: it owns the listening socket (the daemon runs with
// MHD_USE_NO_LISTEN_SOCKET), accepts each connection, looks at its first request with MSG_PEEK (nothing is consumed,
// so libmicrohttpd later reads the same bytes), answers in the generation's JSON what libmicrohttpd would refuse,
// and hands every other connection to the daemon with MHD_add_connection. It judges only by the rules both
// libmicrohttpd 0.9.75 and 1.0 apply, so a request it lets through is answered exactly as before.
//
// Limits: only a connection's first request passes the gate; later requests on a kept-alive connection go straight
// to libmicrohttpd, which on the portable path still refuses the malformed ones with its HTML there (on the Linux
// path they are replaced as any other refusal, and only a NUL-led request line stalls until the header deadline). A chunk size is judged only when its
// line came with the head. A connection whose head has not arrived within the header deadline is closed unanswered,
// as the daemon's watchdog would (shim_connections.c). At most GATE_CAPACITY connections wait at once; past that a
// new one is handed over unjudged.
//
// Lifetimes: the gate (one allocation, with its table of waiting connections and its peek buffer) belongs to the
// server from shim_gate_start to shim_gate_stop. A waiting connection's descriptor belongs to the gate until it is
// closed here or handed over; after MHD_add_connection it is libmicrohttpd's (which closes it even when it refuses it).

#include "shim_internal.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

enum {
    GATE_CAPACITY = 1024,      // Connections waiting for their first request at once.
    ACCEPTS_PER_ROUND = 64,    // So that a flood of connections does not starve those already waiting.
    DRAIN_READS = 16,          // Reads of what a refused client sent, so that closing sends a FIN, not a reset.
    RELOOK_MILLISECONDS = 5,   // How often a head that came in part is looked at again (poll cannot wait for
                               // more: the peeked bytes keep the socket readable).
    GATE_WAIT = -2,            // A verdict: the request is not all there yet (SHIM_NO_OWN_ANSWER: hand it over).
};

typedef struct {
    MHD_socket descriptor;
    struct sockaddr_storage address;
    socklen_t address_length;
    uint64_t deadline;  // Monotonic milliseconds by which the head must be in; closed unanswered after.
    bool partial;       // Part of its head came: looked at again every RELOOK_MILLISECONDS instead of polled.
} waiting_connection;

struct shim_gate {
    struct http_shim_server *server;
    MHD_socket listener;
    int wake[2];  // A pipe; a byte written to it ends the thread.
    pthread_t thread;
    uint16_t port;
    unsigned int header_deadline_milliseconds;
    atomic_uint handed_over;  // Connections libmicrohttpd took, ever: a stop waits until it has registered them all.
    size_t peek_capacity;  // The connection memory limit plus one: enough to tell a head too large to take.
    char *peek;            // Used by the gate's thread only.
    unsigned int count;
    waiting_connection waiting[GATE_CAPACITY];
    struct pollfd polled[GATE_CAPACITY + 2];
    unsigned int polled_index[GATE_CAPACITY];  // The waiting connection behind polled[2 + i].
};

// The first of `needle` in bytes [from, end), or NULL.
static const char *find(const char *from, const char *end, const char *needle) {
    size_t length = strlen(needle);
    for (const char *at = from; at + length <= end; at++) {
        if (memcmp(at, needle, length) == 0) return at;
    }
    return NULL;
}

// The version after the request line's last space: 1.0 and 1.1 are served; another major version is 505 (both
// libraries); anything that does not start with "HTTP/" is a malformed request line (400). Any other HTTP/1.x
// spelling is left to libmicrohttpd.
static shim_own_answer_kind judge_version(const char *version, const char *end) {
    size_t length = (size_t)(end - version);
    if (length < 5 || memcmp(version, "HTTP/", 5) != 0) return SHIM_MALFORMED_REQUEST;
    bool shaped = length == 8 && version[5] >= '0' && version[5] <= '9' && version[6] == '.' && version[7] >= '0' &&
                  version[7] <= '9';
    if (shaped && version[5] != '1' && version[5] != '0') return SHIM_VERSION_NOT_SUPPORTED;
    return SHIM_NO_OWN_ANSWER;
}

// A header line's value without the whitespace around it, when the line is `name: value` (name in any case).
static bool header_value(const char *line, const char *end, const char *name, const char **value, size_t *length) {
    size_t name_length = strlen(name);
    if ((size_t)(end - line) <= name_length || strncasecmp(line, name, name_length) != 0 || line[name_length] != ':') {
        return false;
    }
    const char *start = line + name_length + 1;
    while (start < end && (*start == ' ' || *start == '\t')) start++;
    while (end > start && (end[-1] == ' ' || end[-1] == '\t' || end[-1] == '\r')) end--;
    *value = start;
    *length = (size_t)(end - start);
    return true;
}

// A chunk size line whose number has more than 16 significant hex digits (past 2^64).
static bool chunk_size_too_large(const char *line, const char *end) {
    while (line < end && *line == '0') line++;
    size_t digits = 0;
    while (line + digits < end && isxdigit((unsigned char)line[digits])) digits++;
    return digits > 16;
}

// What the first `length` bytes of a connection say: an answer the shim sends itself, SHIM_NO_OWN_ANSWER (hand it
// to libmicrohttpd) or GATE_WAIT. `limit` is the connection memory limit, which the Linux path applies the same way
// (head_too_large in http_shim.c): a line or head that leaves less than SHIM_ANSWER_HEADER_RESERVE of it is refused.
static int judge(const char *bytes, size_t length, size_t limit) {
    const char *end = bytes + length;
    if (length == 0) return GATE_WAIT;
    if (bytes[0] == '\0') return SHIM_UNREADABLE_REQUEST;  // 0.9.75 waits for more; 1.0 closes: both unanswered.
    if (bytes[0] == '\r' || bytes[0] == '\n') return SHIM_NO_OWN_ANSWER;  // Empty lines first: the library's rules.
    const char *line_end = memchr(bytes, '\n', length);
    size_t line_length = line_end != NULL ? (size_t)(line_end - bytes) + 1 : length;
    if (line_length + SHIM_ANSWER_HEADER_RESERVE > limit) return SHIM_REQUEST_LINE_TOO_LONG;
    if (line_end == NULL) return GATE_WAIT;

    const char *last = line_end > bytes && line_end[-1] == '\r' ? line_end - 1 : line_end;
    const char *first_space = memchr(bytes, ' ', (size_t)(last - bytes));
    const char *last_space = last;
    while (last_space > bytes && last_space[-1] != ' ') last_space--;
    // Fewer than three parts: libmicrohttpd closes without a word, which shim_close_answers.c answers.
    if (first_space == NULL || last_space - 1 == first_space) return SHIM_NO_OWN_ANSWER;
    shim_own_answer_kind version = judge_version(last_space, last);
    if (version != SHIM_NO_OWN_ANSWER) return version;

    const char *blank = find(line_end, end, "\n\r\n");
    const char *bare_blank = find(line_end, end, "\n\n");
    if (blank == NULL || (bare_blank != NULL && bare_blank < blank)) blank = bare_blank;
    const char *head_end = blank != NULL ? blank + (blank[1] == '\r' ? 3 : 2) : end;
    if ((size_t)(head_end - bytes) + SHIM_ANSWER_HEADER_RESERVE > limit) return SHIM_HEADERS_TOO_LARGE;
    if (blank == NULL) return GATE_WAIT;

    bool chunked = false;
    for (const char *line = line_end + 1; line < blank + 1;) {
        const char *next = memchr(line, '\n', (size_t)(blank + 1 - line));
        const char *value;
        size_t value_length;
        if (header_value(line, next, MHD_HTTP_HEADER_CONTENT_LENGTH, &value, &value_length)) {
            if (shim_is_bad_content_length(value, value_length)) return SHIM_BAD_CONTENT_LENGTH;
            while (value_length > 1 && *value == '0') {
                value++;
                value_length--;
            }
            // 1.0 takes 2^64 - 1 for "unknown" and refuses it itself; as large as it gets, it is too large.
            if (value_length == 20 && memcmp(value, "18446744073709551615", 20) == 0) return SHIM_BODY_TOO_LARGE;
        }
        if (header_value(line, next, MHD_HTTP_HEADER_TRANSFER_ENCODING, &value, &value_length)) {
            chunked = value_length == 7 && strncasecmp(value, "chunked", 7) == 0;
            // 1.0 refuses any other coding itself; the shim refuses it too (http_shim.c), in the same words.
            if (!chunked) return SHIM_UNSUPPORTED_TRANSFER_CODING;
        }
        line = next + 1;
    }
    const char *chunk_line_end = chunked ? memchr(head_end, '\n', (size_t)(end - head_end)) : NULL;
    if (chunk_line_end != NULL && chunk_size_too_large(head_end, chunk_line_end)) return SHIM_CHUNK_TOO_LARGE;
    return SHIM_NO_OWN_ANSWER;
}

static void forget(struct shim_gate *gate, unsigned int index) {
    gate->count--;
    gate->waiting[index] = gate->waiting[gate->count];
}

static void hand_over(struct shim_gate *gate, const waiting_connection *connection) {
    // libmicrohttpd owns the descriptor from here, and closes it itself when it cannot take the connection.
    if (MHD_add_connection(gate->server->daemon, connection->descriptor, (const struct sockaddr *)&connection->address,
                           connection->address_length) == MHD_YES) {
        atomic_fetch_add(&gate->handed_over, 1);
    }
}

// Sends the answer, reads (a bounded amount of) what the client sent so that the close is orderly, and closes.
static void refuse(struct shim_gate *gate, MHD_socket descriptor, shim_own_answer_kind kind) {
    shim_send_own_answer(gate->server, descriptor, kind);
    for (int read = 0; read < DRAIN_READS && recv(descriptor, gate->peek, gate->peek_capacity, 0) > 0; read++) {
    }
    close(descriptor);
}

// Looks at what waiting connection `index` has sent so far, and hands it over or answers it once that says enough.
static void look_at(struct shim_gate *gate, unsigned int index) {
    waiting_connection *connection = &gate->waiting[index];
    ssize_t received = recv(connection->descriptor, gate->peek, gate->peek_capacity, MSG_PEEK);
    if (received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return;
    if (received <= 0) {  // Gone before sending anything, or broken: nothing to answer.
        close(connection->descriptor);
        forget(gate, index);
        return;
    }
    int verdict = judge(gate->peek, (size_t)received, gate->server->connection_memory_limit);
    if (verdict == GATE_WAIT) {
        connection->partial = true;
        return;
    }
    waiting_connection judged = *connection;
    forget(gate, index);
    if (verdict == SHIM_NO_OWN_ANSWER) hand_over(gate, &judged);
    else refuse(gate, judged.descriptor, (shim_own_answer_kind)verdict);
}

static void accept_new(struct shim_gate *gate) {
    for (int accepted = 0; accepted < ACCEPTS_PER_ROUND; accepted++) {
        waiting_connection connection = {.address_length = sizeof connection.address, .partial = false};
        connection.descriptor = accept(gate->listener, (struct sockaddr *)&connection.address,
                                       &connection.address_length);
        if (connection.descriptor < 0) return;  // None left (the listener does not block), or a failed one.
        fcntl(connection.descriptor, F_SETFD, FD_CLOEXEC);
        fcntl(connection.descriptor, F_SETFL, fcntl(connection.descriptor, F_GETFL) | O_NONBLOCK);
#ifdef SO_NOSIGPIPE
        // A refusal written to a client that is gone must not raise SIGPIPE (where MSG_NOSIGNAL does not exist).
        int on = 1;
        setsockopt(connection.descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
        if (gate->count == GATE_CAPACITY) {
            hand_over(gate, &connection);
            continue;
        }
        connection.deadline = shim_monotonic_milliseconds() + gate->header_deadline_milliseconds;
        gate->waiting[gate->count++] = connection;
        look_at(gate, gate->count - 1);  // The request often came with the connection: no need to wait for poll.
    }
}

// Closes the connections whose head did not come in time, and returns poll's timeout until the next deadline.
static int close_late(struct shim_gate *gate) {
    uint64_t now = shim_monotonic_milliseconds();
    uint64_t next = UINT64_MAX;
    for (unsigned int index = gate->count; index-- > 0;) {
        if (gate->waiting[index].deadline <= now) {
            close(gate->waiting[index].descriptor);
            forget(gate, index);
        } else if (gate->waiting[index].deadline < next) {
            next = gate->waiting[index].deadline;
        }
    }
    if (next == UINT64_MAX) return -1;
    return next - now > INT_MAX ? INT_MAX : (int)(next - now);
}

// Every loop below goes backwards: forget() moves the last entry into the freed place, an entry already visited.
static void *run_gate(void *argument) {
    struct shim_gate *gate = argument;
    for (;;) {
        bool relooking = false;
        for (unsigned int index = gate->count; index-- > 0;) {
            if (gate->waiting[index].partial) look_at(gate, index);
        }
        int timeout = close_late(gate);
        gate->polled[0] = (struct pollfd){.fd = gate->wake[0], .events = POLLIN};
        gate->polled[1] = (struct pollfd){.fd = gate->listener, .events = POLLIN};
        unsigned int polled_count = 0;
        for (unsigned int index = 0; index < gate->count; index++) {
            if (gate->waiting[index].partial) {
                relooking = true;
                continue;
            }
            gate->polled_index[polled_count] = index;
            gate->polled[2 + polled_count++] = (struct pollfd){.fd = gate->waiting[index].descriptor, .events = POLLIN};
        }
        if (relooking && (timeout < 0 || timeout > RELOOK_MILLISECONDS)) timeout = RELOOK_MILLISECONDS;
        int ready = poll(gate->polled, 2 + polled_count, timeout);
        if (ready < 0 && errno != EINTR) break;
        if (ready <= 0) continue;
        if (gate->polled[0].revents != 0) break;
        for (unsigned int polled = polled_count; polled-- > 0;) {
            if (gate->polled[2 + polled].revents != 0) look_at(gate, gate->polled_index[polled]);
        }
        if (gate->polled[1].revents != 0) accept_new(gate);
    }
    return NULL;
}

static MHD_socket open_listener(const struct sockaddr *address, socklen_t address_length) {
    MHD_socket listener = socket(address->sa_family, SOCK_STREAM, 0);
    if (listener < 0) return MHD_INVALID_SOCKET;
    int on = 1;
    // As libmicrohttpd does for its own listener: a restarted server can take its port back at once, and an IPv6
    // address listens on IPv6 only.
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (address->sa_family == AF_INET6) setsockopt(listener, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on);
    fcntl(listener, F_SETFD, FD_CLOEXEC);
    if (bind(listener, address, address_length) != 0 || listen(listener, SOMAXCONN) != 0 ||
        fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK) != 0) {
        close(listener);
        return MHD_INVALID_SOCKET;
    }
    return listener;
}

static uint16_t bound_port(MHD_socket listener) {
    struct sockaddr_storage bound;
    socklen_t length = sizeof bound;
    if (getsockname(listener, (struct sockaddr *)&bound, &length) != 0) return 0;
    if (bound.ss_family == AF_INET6) return ntohs(((struct sockaddr_in6 *)&bound)->sin6_port);
    return ntohs(((struct sockaddr_in *)&bound)->sin_port);
}

struct shim_gate *shim_gate_start(struct http_shim_server *server, const struct sockaddr *address,
                                  socklen_t address_length, unsigned int header_deadline_milliseconds) {
    struct shim_gate *gate = calloc(1, sizeof *gate);
    if (gate == NULL) return NULL;
    gate->server = server;
    gate->header_deadline_milliseconds = header_deadline_milliseconds;
    atomic_init(&gate->handed_over, 0);
    gate->peek_capacity = server->connection_memory_limit + 1;
    gate->peek = malloc(gate->peek_capacity);
    gate->listener = open_listener(address, address_length);
    if (gate->peek != NULL && gate->listener != MHD_INVALID_SOCKET && pipe(gate->wake) == 0) {
        gate->port = bound_port(gate->listener);
        if (pthread_create(&gate->thread, NULL, run_gate, gate) == 0) return gate;
        close(gate->wake[0]);
        close(gate->wake[1]);
    }
    if (gate->listener != MHD_INVALID_SOCKET) close(gate->listener);
    free(gate->peek);
    free(gate);
    return NULL;
}

uint16_t shim_gate_port(const struct shim_gate *gate) {
    return gate->port;
}

MHD_socket shim_gate_stop(struct shim_gate *gate, unsigned int *handed_over) {
    (void)write(gate->wake[1], "x", 1);
    pthread_join(gate->thread, NULL);
    close(gate->wake[0]);
    close(gate->wake[1]);
    // Requests that arrived before the stop are libmicrohttpd's to answer within the grace, judged or not.
    for (unsigned int index = 0; index < gate->count; index++) hand_over(gate, &gate->waiting[index]);
    MHD_socket listener = gate->listener;
    *handed_over = atomic_load(&gate->handed_over);
    free(gate->peek);
    free(gate);
    return listener;
}
