// The libmicrohttpd shim. Ownership in one sentence: libmicrohttpd owns the connection, the header strings and
// the upload buffers; this file owns one request_state per request (allocated when the request line arrives,
// freed when libmicrohttpd reports the request completed) and one response per answer (created by
// http_shim_respond, released right after it is queued). Connection tracking lives in shim_connections.c, the
// replacement of libmicrohttpd's own error pages in shim_library_errors.c.

#include "shim_internal.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

struct http_shim_exchange {
    struct MHD_Response *response;
    unsigned int status;
    http_shim_delivery delivery;
    unsigned int delay_milliseconds;
};

typedef struct {
    char *target;           // Raw request target ("/path?query"), copied because libmicrohttpd rewrites its own.
    uint8_t *body;          // Grows geometrically up to max_body_bytes; NULL until the first body bytes.
    size_t body_length;
    size_t body_capacity;
    size_t expected_length;  // From Content-Length (never over the cap), so a declared body is allocated once.
    bool saw_first_call;    // libmicrohttpd calls the access handler once with headers only, then with body data;
                            // from that first call on, the request counts as in flight.
    bool body_too_large;
    bool delayed;                // The answer in `delayed_answer` waits for the connection to be resumed.
    http_shim_exchange delayed_answer;
} request_state;

static void free_request_state(request_state *state) {
    if (state->delayed && state->delayed_answer.response != NULL) MHD_destroy_response(state->delayed_answer.response);
    free(state->target);
    free(state->body);
    free(state);
}

// Runs when the request line arrives, before the headers: the only moment the raw, undecoded target is visible.
static void *on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)connection;
    (void)cls;
    request_state *state = calloc(1, sizeof *state);
    if (state == NULL) return NULL;
    state->target = strdup(uri != NULL ? uri : "/");
    if (state->target == NULL) {
        free(state);
        return NULL;
    }
    // libmicrohttpd would next split the query into one pool entry per parameter (never used: Swift reads the raw
    // query), and a few hundred parameters exhaust the 32 KiB pool so that the request is never answered. Emptying
    // its copy of the query, now that ours is taken, leaves it nothing to split. The string is in its read buffer,
    // which it lets this callback see before it parses the query.
    char *query = uri != NULL ? strchr(uri, '?') : NULL;
    if (query != NULL) query[1] = '\0';
    return state;
}

static void on_request_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                                 enum MHD_RequestTerminationCode reason) {
    (void)reason;
    struct http_shim_server *server = cls;
    shim_awaiting_next_request(connection);
    request_state *state = *req_cls;
    if (state == NULL) return;
    *req_cls = NULL;
    if (state->saw_first_call) atomic_fetch_sub(&server->in_flight, 1);
    free_request_state(state);
}

// The declared Content-Length, or 0 without one. libmicrohttpd itself rejects a malformed one; an out-of-range one
// saturates, which is simply too large.
static unsigned long long declared_length(struct MHD_Connection *connection) {
    const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    return declared != NULL ? strtoull(declared, NULL, 10) : 0;
}

// Appends without ever holding more than `cap` bytes. Returns false when the body would exceed the cap or
// memory runs out; the caller then answers 413 and drops what was collected.
static bool append_body(request_state *state, const char *data, size_t length, size_t cap) {
    if (length > cap - state->body_length) return false;
    size_t needed = state->body_length + length;
    if (needed > state->body_capacity) {
        size_t capacity = state->body_capacity != 0 ? state->body_capacity
                          : state->expected_length >= needed ? state->expected_length : 16384;
        while (capacity < needed) capacity = capacity > cap / 2 ? cap : capacity * 2;
        uint8_t *grown = realloc(state->body, capacity);
        if (grown == NULL) return false;
        state->body = grown;
        state->body_capacity = capacity;
    }
    memcpy(state->body + state->body_length, data, length);
    state->body_length = needed;
    return true;
}

typedef struct {
    const char **names;
    const char **values;
    size_t count;
} header_list;

static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    header_list *list = cls;
    list->names[list->count] = key;
    list->values[list->count] = value != NULL ? value : "";
    list->count += 1;
    return MHD_YES;
}

// The longest numeric address getnameinfo writes: an IPv6 address with a scope ("fe80::1%eth0").
enum { CLIENT_ADDRESS_CAPACITY = INET6_ADDRSTRLEN + IF_NAMESIZE + 1 };

// Writes the peer's numeric address into `address` (the caller's buffer), or "" when libmicrohttpd cannot tell.
// The admin API decides from it whether a request comes from this machine.
static void describe_client(struct MHD_Connection *connection, char address[CLIENT_ADDRESS_CAPACITY]) {
    address[0] = '\0';
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (info == NULL || info->client_addr == NULL) return;
    const struct sockaddr *peer = info->client_addr;
    socklen_t length = peer->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (getnameinfo(peer, length, address, CLIENT_ADDRESS_CAPACITY, NULL, 0, NI_NUMERICHOST) != 0) address[0] = '\0';
}

// Queues the answer, or drops the connection as the exchange says; releases the exchange's response either way.
static enum MHD_Result deliver(struct MHD_Connection *connection, http_shim_exchange *exchange) {
    enum MHD_Result result = MHD_NO;  // Returning MHD_NO makes libmicrohttpd close the connection.
    // Closing with SO_LINGER 0 discards what is unsent and makes the kernel send a reset instead of a FIN.
    if (exchange->delivery == HTTP_SHIM_RESET) shim_reset_at_close(connection);
    if (exchange->delivery == HTTP_SHIM_SEND) result = shim_queue(connection, exchange->status, exchange->response);
    MHD_destroy_response(exchange->response);  // libmicrohttpd keeps its own reference until the answer is sent.
    exchange->response = NULL;
    return result;
}

// Calls the handler and queues whatever it answered, now or (when it asked for a delay and `state` can keep the
// answer) once the delay has passed.
static enum MHD_Result answer_with(struct http_shim_server *server, struct MHD_Connection *connection,
                                   http_shim_request *request, request_state *state) {
    http_shim_exchange exchange = {.response = NULL, .status = 500, .delivery = HTTP_SHIM_SEND};
    server->handler(server->context, request, &exchange);
    if (exchange.response == NULL) {
        // The handler always answers; this only happens when the response could not be allocated.
        exchange.response = MHD_create_response_from_buffer(0, NULL, MHD_RESPMEM_PERSISTENT);
        exchange.status = 500;
        if (exchange.response == NULL) return MHD_NO;
    }
    if (exchange.delay_milliseconds > 0 && state != NULL) {
        state->delayed_answer = exchange;
        state->delayed = true;
        if (shim_delays_add(&server->delays, connection, exchange.delay_milliseconds)) return MHD_YES;
        state->delayed = false;  // Out of memory for the timer's record: answer now.
    }
    return deliver(connection, &exchange);
}

// Hands the request, its headers and (when complete) its body to Swift.
static enum MHD_Result answer(struct http_shim_server *server, struct MHD_Connection *connection, const char *method,
                              const char *version, request_state *state,
                              http_shim_request_state request_state_kind) {
    int header_count = MHD_get_connection_values(connection, MHD_HEADER_KIND, NULL, NULL);
    size_t capacity = header_count > 0 ? (size_t)header_count : 1;
    // One allocation for both arrays; the strings inside stay owned by libmicrohttpd.
    const char **slots = malloc(2 * capacity * sizeof(char *));
    if (slots == NULL) return MHD_NO;
    header_list headers = {.names = slots, .values = slots + capacity, .count = 0};
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_header, &headers);

    char client_address[CLIENT_ADDRESS_CAPACITY];  // On the stack: lives exactly as long as the handler call.
    describe_client(connection, client_address);

    const char *question_mark = strchr(state->target, '?');
    size_t path_length = question_mark != NULL ? (size_t)(question_mark - state->target) : strlen(state->target);
    http_shim_request request = {
        .method = method,
        .version = version,
        .path = state->target,
        .path_length = path_length,
        .query = question_mark != NULL ? question_mark + 1 : NULL,
        .query_length = question_mark != NULL ? strlen(question_mark + 1) : 0,
        .header_names = headers.names,
        .header_values = headers.values,
        .header_count = headers.count,
        .body = request_state_kind == HTTP_SHIM_COMPLETE ? state->body : NULL,
        .body_length = request_state_kind == HTTP_SHIM_COMPLETE ? state->body_length : 0,
        .state = request_state_kind,
        .client_address = client_address,
    };
    // Only a request read whole may wait for its answer: an early refusal (413 before the body) is queued in the
    // call that refuses it, so that libmicrohttpd never reads the body it refused.
    request_state *keeper = request_state_kind == HTTP_SHIM_COMPLETE ? state : NULL;
    enum MHD_Result queued = answer_with(server, connection, &request, keeper);
    free(slots);
    return queued;
}

// Only "chunked" (which libmicrohttpd decodes) or no transfer coding at all delimits a body this server can read;
// with any other coding libmicrohttpd would wait for a body end it cannot find.
static bool has_unsupported_transfer_coding(struct MHD_Connection *connection) {
    const char *coding = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    return coding != NULL && strcasecmp(coding, "chunked") != 0;
}

// Some refusals are the library's in one version and the shim's in another (1.0 refuses an unknown transfer coding
// and a Content-Length of 2^64 - 1 itself, 0.9.75 leaves both to the shim): those get the shim's own kind, so the
// answer does not depend on the version. The headers are there when the refusal came after them.
static http_shim_request_state refusal_kind(struct MHD_Connection *connection, unsigned int status) {
    if (status == 400 && has_unsupported_transfer_coding(connection)) return HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING;
    if (status != 413) return HTTP_SHIM_REFUSED_BY_LIBRARY;
    // A 413 without chunks is about the Content-Length (a chunk size past 2^64 keeps the library's kind).
    bool chunked = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING) != NULL;
    bool declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH) != NULL;
    if (!chunked && declared) return HTTP_SHIM_BODY_TOO_LARGE;
    return HTTP_SHIM_REFUSED_BY_LIBRARY;
}

enum MHD_Result shim_answer_refusal(struct http_shim_server *server, struct MHD_Connection *connection,
                                    unsigned int status) {
    // What libmicrohttpd refused may not even have a request line, so only the status and the peer are passed on.
    char client_address[CLIENT_ADDRESS_CAPACITY];  // On the stack: lives exactly as long as the handler call.
    describe_client(connection, client_address);
    shim_headers_arrived(connection);  // Answered: the connection is no longer waiting for a request.
    http_shim_request request = {
        .method = "-",
        .version = "",
        .path = "-",
        .path_length = 1,
        .state = refusal_kind(connection, status),
        .refused_status = status,
        .client_address = client_address,
    };
    return answer_with(server, connection, &request, NULL);
}

// What libmicrohttpd keeps per request header besides its bytes (a list entry, aligned).
enum { HEADER_ENTRY_OVERHEAD = 64 };

static enum MHD_Result add_header_footprint(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    size_t *footprint = cls;
    *footprint += strlen(key) + (value != NULL ? strlen(value) : 0) + 4 + HEADER_ENTRY_OVERHEAD;  // ": " and CRLF.
    return MHD_YES;
}

// What a request's head takes of the connection's memory, where libmicrohttpd keeps the request line and headers
// as received until the answer is sent; an answer whose header block no longer fits beside them is never sent.
// Such a request is refused before it reaches the handler, with an answer sent from the shim's own memory:
// the request line's 414 when the line alone leaves too little room, else 431. SHIM_NO_OWN_ANSWER when it fits.
static shim_own_answer_kind head_too_large(const struct http_shim_server *server, struct MHD_Connection *connection,
                                           const char *method, const char *version, const request_state *state) {
    size_t line = strlen(method) + strlen(state->target) + strlen(version) + 4;  // Two spaces and CRLF.
    size_t footprint = line + 2;  // The empty line that ends the head.
    MHD_get_connection_values(connection, MHD_HEADER_KIND, add_header_footprint, &footprint);
    if (footprint + SHIM_ANSWER_HEADER_RESERVE <= server->connection_memory_limit) return SHIM_NO_OWN_ANSWER;
    return line + SHIM_ANSWER_HEADER_RESERVE > server->connection_memory_limit ? SHIM_REQUEST_LINE_TOO_LONG
                                                                          : SHIM_HEADERS_TOO_LARGE;
}

static enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                 const char *version, const char *upload_data, size_t *upload_data_size,
                                 void **req_cls) {
    (void)url;  // Already decoded by libmicrohttpd; the raw target in request_state is used instead.
    struct http_shim_server *server = cls;
    request_state *state = *req_cls;
    if (state == NULL) return MHD_NO;  // Out of memory when the request line arrived: drop the connection.
    if (state->delayed) {
        // Resumed after a delay: libmicrohttpd calls again, and the answer kept since is sent now.
        state->delayed = false;
        return deliver(connection, &state->delayed_answer);
    }

    if (!state->saw_first_call) {
        state->saw_first_call = true;
        atomic_fetch_add(&server->in_flight, 1);
        shim_headers_arrived(connection);
        shim_own_answer_kind too_large = head_too_large(server, connection, method, version, state);
        if (too_large != SHIM_NO_OWN_ANSWER) {
            shim_owe_own_answer(connection, too_large);
            return MHD_NO;  // libmicrohttpd closes the connection; the shim answers at its close notification.
        }
        // Refusing on the first call means the body is never read; libmicrohttpd then closes the connection.
        if (shim_is_over_limit(connection)) {
            return answer(server, connection, method, version, state, HTTP_SHIM_TOO_MANY_CONNECTIONS);
        }
        if (has_unsupported_transfer_coding(connection)) {
            return answer(server, connection, method, version, state, HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING);
        }
        unsigned long long declared = declared_length(connection);
        if (declared > (unsigned long long)server->max_body_bytes) {
            return answer(server, connection, method, version, state, HTTP_SHIM_BODY_TOO_LARGE);
        }
        state->expected_length = (size_t)declared;
        // Queuing here would make libmicrohttpd answer "Connection: close": wait for the final call instead.
        return MHD_YES;
    }

    if (*upload_data_size > 0) {
        size_t length = *upload_data_size;
        *upload_data_size = 0;
        if (!state->body_too_large &&
            !append_body(state, upload_data, length, server->max_body_bytes)) {
            // A chunked body grew past the cap: keep no more of it and answer 413 once it has been read.
            state->body_too_large = true;
            free(state->body);
            state->body = NULL;
            state->body_length = 0;
            state->body_capacity = 0;
        }
        return MHD_YES;
    }

    return answer(server, connection, method, version, state,
                  state->body_too_large ? HTTP_SHIM_BODY_TOO_LARGE : HTTP_SHIM_COMPLETE);
}

int http_shim_respond(http_shim_exchange *exchange, unsigned int status, const uint8_t *body, size_t body_length) {
    if (exchange->response != NULL) MHD_destroy_response(exchange->response);
    exchange->response = MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_MUST_COPY);
    exchange->status = status;
    return exchange->response != NULL ? 0 : -1;
}

int http_shim_respond_shared(http_shim_exchange *exchange, unsigned int status, const void *body, size_t body_length,
                             void (*release)(void *owner), void *owner) {
    if (exchange->response != NULL) MHD_destroy_response(exchange->response);
    exchange->response = MHD_create_response_from_buffer_with_free_callback_cls(body_length, (void *)body, release, owner);
    exchange->status = status;
    if (exchange->response != NULL) return 0;
    release(owner);
    return -1;
}

// The body of a truncated answer: the copy and how much of it is sent.
typedef struct {
    size_t sent_length;
    uint8_t bytes[];
} truncated_body;

static ssize_t read_truncated(void *cls, uint64_t position, char *buffer, size_t capacity) {
    truncated_body *body = cls;
    // Ending "with error" is how libmicrohttpd is told to close the connection short of the announced length.
    if (position >= body->sent_length) return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t length = body->sent_length - (size_t)position;
    if (length > capacity) length = capacity;
    memcpy(buffer, body->bytes + position, length);
    return (ssize_t)length;
}

int http_shim_respond_truncated(http_shim_exchange *exchange, unsigned int status, const uint8_t *body,
                                size_t body_length) {
    if (exchange->response != NULL) MHD_destroy_response(exchange->response);
    exchange->response = NULL;
    exchange->status = status;
    truncated_body *copy = malloc(sizeof *copy + body_length);
    if (copy == NULL) return -1;
    copy->sent_length = body_length / 2;
    if (body_length > 0) memcpy(copy->bytes, body, body_length);
    // libmicrohttpd frees the copy with `free` once the response is destroyed; it sends Content-Length: body_length.
    exchange->response = MHD_create_response_from_callback(body_length, 16384, read_truncated, copy, free);
    if (exchange->response != NULL) return 0;
    free(copy);
    return -1;
}

void http_shim_set_delivery(http_shim_exchange *exchange, http_shim_delivery delivery,
                            unsigned int delay_milliseconds) {
    exchange->delivery = delivery;
    exchange->delay_milliseconds = delay_milliseconds;
}

int http_shim_add_header(http_shim_exchange *exchange, const char *name, const char *value) {
    if (exchange->response == NULL) return -1;
    return MHD_add_response_header(exchange->response, name, value) == MHD_YES ? 0 : -1;
}

// How many connections past the limit get a 503 (rather than a silent close) at once.
enum { OVER_LIMIT_ANSWERS = 64 };

static void write_error(char *error, size_t capacity, const char *message, const char *detail) {
    if (error == NULL || capacity == 0) return;
    snprintf(error, capacity, "%s%s%s", message, detail != NULL ? ": " : "", detail != NULL ? detail : "");
}

// Every connection is a descriptor, and the usual soft limit (1,024) would run out before the connection limit: the
// hard limit is what this process may use, so it is raised to that once, at start. A failure leaves the limit as is.
static void raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0 || limit.rlim_cur >= limit.rlim_max) return;
    limit.rlim_cur = limit.rlim_max;
    setrlimit(RLIMIT_NOFILE, &limit);
}

http_shim_server *http_shim_start(const http_shim_config *config, http_shim_handler handler, void *context,
                                  char *error, size_t error_capacity) {
    if (!shim_library_version_supported(error, error_capacity)) return NULL;
    struct addrinfo hints = {.ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE};
    struct addrinfo *addresses = NULL;
    int lookup = getaddrinfo(config->host, NULL, &hints, &addresses);
    if (lookup != 0 || addresses == NULL) {
        write_error(error, error_capacity, "cannot resolve the host to listen on", gai_strerror(lookup));
        return NULL;
    }

    struct sockaddr_storage address;
    memset(&address, 0, sizeof address);
    memcpy(&address, addresses->ai_addr, addresses->ai_addrlen);
    bool ipv6 = addresses->ai_family == AF_INET6;
    freeaddrinfo(addresses);
    if (ipv6) {
        ((struct sockaddr_in6 *)&address)->sin6_port = htons(config->port);
    } else {
        ((struct sockaddr_in *)&address)->sin_port = htons(config->port);
    }

    struct http_shim_server *server = calloc(1, sizeof *server);
    if (server == NULL) {
        write_error(error, error_capacity, "out of memory", NULL);
        return NULL;
    }
    server->handler = handler;
    server->context = context;
    server->max_body_bytes = config->max_body_bytes;
    server->connection_memory_limit = config->connection_memory_limit;
    server->daemon_connection_limit = config->connection_limit + OVER_LIMIT_ANSWERS;
    atomic_init(&server->in_flight, 0);
    if (shim_own_answers_prepare(server, config) != 0) {
        write_error(error, error_capacity, "out of memory", NULL);
        free(server);
        return NULL;
    }
    if (shim_registry_start(&server->connections, config) != 0) {
        write_error(error, error_capacity, "cannot start the connection watchdog", NULL);
        shim_own_answers_free(server);
        free(server);
        return NULL;
    }
    if (shim_delays_start(&server->delays) != 0) {
        write_error(error, error_capacity, "cannot start the delay timer", NULL);
        shim_registry_stop(&server->connections);
        shim_own_answers_free(server);
        free(server);
        return NULL;
    }
    raise_descriptor_limit();

    // ITC is what quiescing and resuming a suspended connection from the timer thread need. Turbo, on both paths,
    // reads, writes and accepts before asking epoll or poll, which saves a syscall per request (about +20% req/s
    // measured with wrk on 2 cores), and skips shutdown() before close: the `reset` fault's SO_LINGER 0 then sends
    // a reset instead of an orderly close, and an answer written at the close notification still goes out.
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_ITC | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_TURBO;
#if SHIM_LINUX_PATH
    flags |= MHD_USE_EPOLL;
#else
    flags |= MHD_USE_POLL;  // kqueue is not supported by libmicrohttpd; poll is on every system it supports.
#endif
    const bool gated = !SHIM_LINUX_PATH || shim_library_skips_nul_led_lines();
    if (gated) flags |= MHD_USE_NO_LISTEN_SOCKET;  // The gate listens, and hands connections over (shim_gate.c).
    if (ipv6) flags |= MHD_USE_IPv6;
    unsigned int threads = config->threads > 0 ? config->threads : 1;

    // Where libmicrohttpd 1.0 is stricter than 0.9.75 (an HTTP/1.1 request without Host, whitespace before a
    // header's colon, a space in the target), the most lenient level gives 0.9.75's answers, which the course apps
    // may rely on. The option exists from 0.9.77 on; an older library would refuse to start on it, and a binary built
    // against 0.9.75's header may load 1.0 (same soname), hence the check at run time and the value spelled here.
    const int discipline_level = shim_library_has_discipline_level() ? -3 : 0;
    // Without a listener of its own the daemon takes no address (1.0 refuses to start with one; NULL is ignored).
    server->daemon = MHD_start_daemon(
        flags, gated ? 0 : config->port, NULL, NULL, on_access, server,

        MHD_OPTION_SOCK_ADDR, gated ? NULL : (struct sockaddr *)&address,
        MHD_OPTION_URI_LOG_CALLBACK, on_request_line, server,
        MHD_OPTION_NOTIFY_COMPLETED, on_request_completed, server,
        MHD_OPTION_NOTIFY_CONNECTION, shim_on_connection, server,
        MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 0,
        MHD_OPTION_CONNECTION_TIMEOUT, config->connection_timeout_seconds,
        // The shim applies both limits itself (shim_connections.c) and answers 503 over them; libmicrohttpd lets
        // a few more in for that, and closes silently only past those.
        MHD_OPTION_CONNECTION_LIMIT, server->daemon_connection_limit,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, config->connection_memory_limit,
        discipline_level != 0 ? SHIM_OPTION_CLIENT_DISCIPLINE_LVL : MHD_OPTION_END, discipline_level,  // Last.
        MHD_OPTION_END);
    socklen_t address_length = ipv6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    if (gated && server->daemon != NULL) {
        server->gate = shim_gate_start(server, (struct sockaddr *)&address, address_length,
                                       config->header_deadline_milliseconds);
        if (server->gate == NULL) {
            MHD_stop_daemon(server->daemon);
            server->daemon = NULL;
        }
    }
    if (server->daemon == NULL) {
        write_error(error, error_capacity, "cannot listen (is the port already in use, or the address not local?)",
                    config->host);
        shim_delays_stop(&server->delays);
        shim_delays_free(&server->delays);
        shim_registry_stop(&server->connections);
        shim_own_answers_free(server);
        free(server);
        return NULL;
    }
    if (server->gate != NULL) {
        server->port = shim_gate_port(server->gate);
    } else {
        const union MHD_DaemonInfo *info = MHD_get_daemon_info(server->daemon, MHD_DAEMON_INFO_BIND_PORT);
        server->port = info != NULL ? info->port : config->port;
    }
    return server;
}

uint16_t http_shim_port(const http_shim_server *server) {
    return server->port;
}

// Connections the kernel completed before the stop but libmicrohttpd has not accepted hold requests that arrived in
// time; closing the listener would reset them. They are accepted here and handed to libmicrohttpd, which serves
// added connections after quiescing. Returns how many were handed over.
static unsigned int adopt_waiting_connections(http_shim_server *server, MHD_socket listener) {
    fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK);
    unsigned int adopted = 0;
    // The backlog is finite; the bound only guards against a listener that keeps producing connections.
    for (unsigned int attempt = 0; attempt < 4096; attempt++) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        int client = accept(listener, (struct sockaddr *)&address, &length);
        if (client < 0) break;
        // libmicrohttpd closes the socket itself when it cannot take it.
        if (MHD_add_connection(server->daemon, client, (struct sockaddr *)&address, length) == MHD_YES) adopted++;
    }
    return adopted;
}

void http_shim_stop(http_shim_server *server, unsigned int grace_milliseconds) {
    const uint64_t deadline = shim_monotonic_milliseconds() + grace_milliseconds;
    // Behind a gate, the gate holds the listener (and connections it has not handed over yet), and every connection
    // the daemon has comes from the gate: all it handed over must be registered before the count is done.
    unsigned int expected_started = shim_started_connections(&server->connections);
    MHD_socket listener;
    if (server->gate != NULL) {
        listener = shim_gate_stop_accepting(server->gate, &expected_started);
    } else {
        listener = MHD_quiesce_daemon(server->daemon);
    }
    unsigned int adopted = 0;
    if (listener != MHD_INVALID_SOCKET) {
        adopted = adopt_waiting_connections(server, listener);
        close(listener);  // After quiescing, closing the listener is ours to do.
    }
    // Delayed answers go out now: a stop does not wait out a delay, and no connection may stay suspended.
    shim_delays_stop(&server->delays);

    // Waits for requests being answered, for adopted connections to be registered, and for requests that arrived
    // but that libmicrohttpd has not read yet.
    const struct timespec pause = {.tv_sec = 0, .tv_nsec = 5 * 1000 * 1000};
    while ((atomic_load(&server->in_flight) > 0 ||
            shim_started_connections(&server->connections) < expected_started + adopted ||
            shim_has_unread_requests(&server->connections)) &&
           shim_monotonic_milliseconds() < deadline) {
        nanosleep(&pause, NULL);
    }
    shim_registry_closing_all(&server->connections);
    MHD_stop_daemon(server->daemon);
    // The daemon has closed its connections; a relaying gate sends what they wrote last, then closes the clients.
    if (server->gate != NULL) shim_gate_free(server->gate);
    shim_delays_free(&server->delays);
    shim_registry_stop(&server->connections);
    shim_own_answers_free(server);
    free(server);
}
