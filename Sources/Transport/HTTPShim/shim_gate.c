// The gate: it owns the listening socket (the daemon runs with MHD_USE_NO_LISTEN_SOCKET), accepts every connection
// and gives it to the daemon with MHD_add_connection once it has looked at what comes, answering in the
// generation's JSON what libmicrohttpd would refuse with its own HTML (shim_judge.c says which). Two modes:
// - Relay (the portable path, what macOS builds, where the library's calls cannot be interposed): every connection
//   is relayed through a socket pair (shim_relay.c), so every request of a kept-alive connection and every chunk of
//   a body is judged before libmicrohttpd reads it.
// - Look (the Linux path with libmicrohttpd 0.9.x, which stalls on a request line that starts with a NUL byte before
//   anything could be interposed): the gate looks at a connection's first request with MSG_PEEK (nothing consumed,
//   so libmicrohttpd later reads the same bytes), answers the ones libmicrohttpd would refuse or stall on, and hands
//   the socket itself to the daemon, which then costs nothing per request. Later requests on a kept-alive
//   connection go straight to libmicrohttpd, whose refusals the interposition replaces; only a NUL-led later
//   request still stalls until the header deadline. A connection whose first head has not arrived within the header
//   deadline is closed unanswered, as the daemon's watchdog would (shim_connections.c). At most GATE_CAPACITY
//   connections wait at once; past that a new one is handed over unjudged.
//
// Lifetimes: the gate (one allocation, with its tables and buffers) belongs to the server from shim_gate_start to
// shim_gate_free. The listener is the gate's until shim_gate_stop_accepting returns it. In look mode a waiting
// connection's descriptor belongs to the gate until it is closed here or handed over; after MHD_add_connection it is
// libmicrohttpd's (which closes it even when it refuses it). In relay mode the relays own theirs (shim_relay.c).

#include "shim_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum {
    GATE_CAPACITY = 1024,      // Connections waiting for their first request at once.
    ACCEPTS_PER_ROUND = 64,    // So that a flood of connections does not starve those already waiting.
    RELOOK_MILLISECONDS = 5,   // How often a head that came in part is looked at again (poll cannot wait for
                               // more: the peeked bytes keep the socket readable).
};

typedef struct {
    MHD_socket descriptor;
    struct sockaddr_storage address;
    socklen_t address_length;
    uint64_t deadline;  // Monotonic milliseconds by which the head must be in; closed unanswered after.
    bool partial;       // Part of its head came: looked at again every RELOOK_MILLISECONDS instead of polled.
} waiting_connection;

// Where the gate's thread is: stop_accepting moves it to GATE_QUIET (and waits until the thread no longer uses the
// listener), free to GATE_ENDING. Look mode ends at GATE_QUIET; relay mode relays until GATE_ENDING.
enum { GATE_ACCEPTING, GATE_QUIET, GATE_ENDING };

struct shim_gate {
    struct http_shim_server *server;
    MHD_socket listener;
    int wake[2];  // A pipe; a byte written to it makes the thread look at `stage`.
    pthread_t thread;
    atomic_int stage;
    atomic_bool listener_released;  // The thread no longer polls or accepts on the listener.
    bool relaying;                  // Relay mode (the portable path), else look mode.
    struct shim_relays *relays;     // Relay mode's relays, the thread's until it ends.
    uint16_t port;
    unsigned int header_deadline_milliseconds;
    atomic_uint handed_over;  // Connections libmicrohttpd took, ever: a stop waits until it has registered them all.
    size_t peek_capacity;  // The connection memory limit plus one: enough to tell a head too large to take.
    char *peek;            // Used by the gate's thread only.
    unsigned int count;
    waiting_connection waiting[GATE_CAPACITY];
    unsigned int polled_index[GATE_CAPACITY];  // The waiting connection behind polled[2 + i] (look mode).
    unsigned int polled_capacity;              // Two entries (wake and listener), then GATE_CAPACITY or two a relay.
    struct pollfd *polled;
};

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
    shim_request_framing framing;
    int verdict = shim_judge_head(gate->peek, (size_t)received, gate->server->connection_memory_limit, false, &framing);
    // A chunk size past 2^64 that came with the head is answered here too, as it always was.
    if (verdict == SHIM_NO_OWN_ANSWER && framing.chunked && framing.head_length < (size_t)received) {
        size_t line_length;
        uint64_t size;
        int chunk = shim_judge_chunk_line(gate->peek + framing.head_length, (size_t)received - framing.head_length,
                                          &line_length, &size);
        if (chunk == SHIM_CHUNK_TOO_LARGE) verdict = chunk;
    }
    if (verdict == SHIM_JUDGE_WAIT) {
        connection->partial = true;
        return;
    }
    waiting_connection judged = *connection;
    forget(gate, index);
    if (verdict == SHIM_NO_OWN_ANSWER) {
        hand_over(gate, &judged);
    } else {
        shim_refuse(gate->server, judged.descriptor, (shim_own_answer_kind)verdict, gate->peek, gate->peek_capacity);
        close(judged.descriptor);
    }
}

static void set_client_options(MHD_socket descriptor) {
    fcntl(descriptor, F_SETFD, FD_CLOEXEC);
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK);
    int on = 1;
#ifdef SO_NOSIGPIPE
    // A refusal written to a client that is gone must not raise SIGPIPE (where MSG_NOSIGNAL does not exist).
    setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, sizeof on);
#endif
    // As libmicrohttpd sets on the sockets it accepts: a relay writes an answer in more than one send, which Nagle's
    // algorithm would hold back until the client's delayed acknowledgement (40 ms).
    setsockopt(descriptor, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
}

// Accepts the connections waiting on the listener: relayed in relay mode, else looked at.
static void accept_new(struct shim_gate *gate) {
    for (int accepted = 0; accepted < ACCEPTS_PER_ROUND; accepted++) {
        waiting_connection connection = {.address_length = sizeof connection.address, .partial = false};
        connection.descriptor = accept(gate->listener, (struct sockaddr *)&connection.address,
                                       &connection.address_length);
        if (connection.descriptor < 0) return;  // None left (the listener does not block), or a failed one.
        set_client_options(connection.descriptor);
        if (gate->relaying) {
            if (shim_relays_add(gate->relays, connection.descriptor, (const struct sockaddr *)&connection.address,
                                connection.address_length)) {
                atomic_fetch_add(&gate->handed_over, 1);
            }
            continue;
        }
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

// Look mode. Every loop below goes backwards: forget() moves the last entry into the freed place, an entry already
// visited. Any wake ends it (the stop hands what waits to the daemon).
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
    atomic_store(&gate->listener_released, true);
    return NULL;
}

static void read_wake(struct shim_gate *gate) {
    char bytes[16];
    while (read(gate->wake[0], bytes, sizeof bytes) > 0) {
    }
}

// Relay mode: accepts until told to stop accepting, and relays until told to end (after the daemon has stopped).
static void *run_relays(void *argument) {
    struct shim_gate *gate = argument;
    while (atomic_load(&gate->stage) != GATE_ENDING) {
        bool accepting = atomic_load(&gate->stage) == GATE_ACCEPTING;
        if (!accepting) atomic_store(&gate->listener_released, true);
        int timeout = -1;
        gate->polled[0] = (struct pollfd){.fd = gate->wake[0], .events = POLLIN};
        gate->polled[1] = (struct pollfd){.fd = accepting ? gate->listener : -1, .events = POLLIN};
        unsigned int relayed = shim_relays_poll_set(gate->relays, gate->polled + 2, gate->polled_capacity - 2,
                                                    &timeout);
        int ready = poll(gate->polled, 2 + relayed, timeout);
        if (ready < 0 && errno != EINTR) break;
        if (ready < 0) continue;
        if (gate->polled[0].revents != 0) read_wake(gate);
        shim_relays_after_poll(gate->relays, gate->polled + 2, relayed);
        if (accepting && gate->polled[1].revents != 0) accept_new(gate);
    }
    atomic_store(&gate->listener_released, true);
    shim_relays_close_all(gate->relays);
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
    atomic_init(&gate->stage, GATE_ACCEPTING);
    atomic_init(&gate->listener_released, false);
    gate->peek_capacity = server->connection_memory_limit + 1;
    bool relaying = !SHIM_LINUX_PATH;
    gate->relaying = relaying;
    unsigned int entries = relaying ? 2 * server->daemon_connection_limit : GATE_CAPACITY;
    gate->polled_capacity = 2 + entries;
    gate->polled = calloc(gate->polled_capacity, sizeof *gate->polled);
    gate->peek = relaying ? NULL : malloc(gate->peek_capacity);
    gate->relays = relaying ? shim_relays_create(server) : NULL;
    gate->listener = open_listener(address, address_length);
    if (gate->polled != NULL && (relaying ? gate->relays != NULL : gate->peek != NULL) &&
        gate->listener != MHD_INVALID_SOCKET && pipe(gate->wake) == 0) {
        fcntl(gate->wake[0], F_SETFL, fcntl(gate->wake[0], F_GETFL) | O_NONBLOCK);
        gate->port = bound_port(gate->listener);
        if (pthread_create(&gate->thread, NULL, relaying ? run_relays : run_gate, gate) == 0) return gate;
        close(gate->wake[0]);
        close(gate->wake[1]);
    }
    if (gate->listener != MHD_INVALID_SOCKET) close(gate->listener);
    if (gate->relays != NULL) shim_relays_close_all(gate->relays);
    free(gate->polled);
    free(gate->peek);
    free(gate);
    return NULL;
}

uint16_t shim_gate_port(const struct shim_gate *gate) {
    return gate->port;
}

MHD_socket shim_gate_stop_accepting(struct shim_gate *gate, unsigned int *handed_over) {
    atomic_store(&gate->stage, GATE_QUIET);
    (void)write(gate->wake[1], "q", 1);
    if (!gate->relaying) {
        pthread_join(gate->thread, NULL);
        // Requests that arrived before the stop are libmicrohttpd's to answer within the grace, judged or not.
        for (unsigned int index = 0; index < gate->count; index++) hand_over(gate, &gate->waiting[index]);
        gate->count = 0;
    } else {
        // The relays go on until shim_gate_free; only the listener is given back, once the thread lets go of it.
        const struct timespec pause = {.tv_sec = 0, .tv_nsec = 1000 * 1000};
        while (!atomic_load(&gate->listener_released)) nanosleep(&pause, NULL);
    }
    *handed_over = atomic_load(&gate->handed_over);
    MHD_socket listener = gate->listener;
    gate->listener = MHD_INVALID_SOCKET;
    return listener;
}

void shim_gate_free(struct shim_gate *gate) {
    if (gate->relaying) {
        atomic_store(&gate->stage, GATE_ENDING);
        (void)write(gate->wake[1], "e", 1);
        pthread_join(gate->thread, NULL);  // Which closes every relay.
    }
    close(gate->wake[0]);
    close(gate->wake[1]);
    free(gate->polled);
    free(gate->peek);
    free(gate);
}
