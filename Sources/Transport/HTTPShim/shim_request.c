// One request, from its request line to its answer. libmicrohttpd owns the connection, the header strings and the
// upload buffers. A connection's request_state (raw target, header arrays, body, delayed answer) is allocated by its
// first request, reused by each request after it (a kept-alive request allocates nothing here unless it has a body)
// and freed with the connection's record (shim_request_free, from the close notification).

#include "shim_internal.h"

// What one request has gathered so far; cleared when the next request's line arrives.
typedef struct {
    size_t header_count, head_bytes;
    // The first Transfer-Encoding and Content-Length, as libmicrohttpd's lookup would find them; NULL when absent.
    const char *transfer_coding, *declared_length;
    uint8_t *body;              // Grows geometrically up to max_body_bytes; NULL until the first body bytes.
    size_t body_length, body_capacity;
    size_t expected_length;     // From Content-Length (never over the cap), so a declared body is allocated once.
    bool headers_in, body_too_large, chunked;  // The first call (headers only) is done; the body is over the cap.
    uint64_t upload_rate, download_rate;  // Bytes per second, read once per request; 0: unlimited.
    uint64_t upload_due;        // When the body bytes read so far are due at the upload rate (monotonic ms).
    bool upload_paused;         // The last body call suspended the connection (it may have been resumed since).
    bool delayed;               // `delayed_answer` waits for the connection to be resumed.
    http_shim_exchange delayed_answer;
} request_progress;

struct request_state {
    shim_connection *connection;  // The record that owns this state.
    // One allocation for both arrays, room for header_capacity entries each; the strings stay libmicrohttpd's.
    const char **header_names, **header_values;
    size_t header_capacity;
    size_t target_capacity;     // Bytes `target` has room for.
    request_progress progress;
    char target[];              // Raw request target ("/path?query"), copied: libmicrohttpd decodes its own.
};

void shim_request_free(request_state *state) {
    if (state == NULL) return;
    free(state->header_names);
    free(state->progress.body);
    free(state);
}

// The connection's state, with room for a target of `target_bytes` (NUL included); NULL when out of memory.
static request_state *reusable_state(shim_connection *connection, size_t target_bytes) {
    request_state **slot = shim_connection_request(connection);
    request_state *state = *slot;
    if (state == NULL || state->target_capacity < target_bytes) {
        request_state *grown = realloc(state, sizeof *state + target_bytes);
        if (grown == NULL) return NULL;  // The old state stays in the slot, freed with the record.
        if (state == NULL) *grown = (request_state){.connection = connection};
        grown->target_capacity = target_bytes;
        *slot = state = grown;
    }
    return state;
}

// Runs when the request line arrives, before the headers: the only moment the raw, undecoded target is visible.
void *shim_on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    (void)cls;
    shim_connection *record = shim_connection_of(connection);
    if (record == NULL) return NULL;  // Out of memory when it connected: shim_on_access drops the connection.
    shim_request_line_arrived(record);
    const char *target = uri != NULL ? uri : "/";
    size_t target_bytes = strlen(target) + 1;
    request_state *state = reusable_state(record, target_bytes);
    if (state == NULL) return NULL;  // Out of memory: shim_on_access drops the connection.
    memcpy(state->target, target, target_bytes);
    state->progress = (request_progress){0};
    // libmicrohttpd splits the query into parameters (about 64 bytes each in the connection's 32 KB pool, which runs
    // out at some 300) right after this callback, from the byte after the '?' it found before calling it; the shim
    // never asks for them, as the handler reads the raw target. Ending the string at that byte leaves it no parameter
    // to store, so a query of any length within the head limit gets the handler's answer. Both versions do this
    // (0.9.75 connection.c 3016-3041, 1.0.1 5571-5592); RefusedRequestTests' query tests fail if one stops.
    char *query = uri != NULL ? strchr(uri, '?') : NULL;
    if (query != NULL) query[1] = '\0';
    return state;
}

void shim_on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                       enum MHD_RequestTerminationCode reason) {
    (void)cls, (void)reason;
    request_state *state = *req_cls;
    if (state == NULL) return;
    *req_cls = NULL;
    request_progress *progress = &state->progress;
    shim_awaiting_next_request(state->connection, connection,
                               progress->chunked ? UINT64_MAX : progress->expected_length);
    if (progress->delayed) shim_forget_answer(&progress->delayed_answer);  // Closed before its delay ran out.
    free(progress->body);  // A body is not kept for the next request: it may be megabytes.
    *progress = (request_progress){0};
}

// Appends without ever holding more than `cap` bytes; false when over the cap or out of memory.
static bool append_body(request_progress *progress, const char *data, size_t length, size_t cap) {
    if (length > cap - progress->body_length) return false;
    size_t needed = progress->body_length + length;
    if (needed > progress->body_capacity) {
        size_t capacity = progress->body_capacity != 0 ? progress->body_capacity
                          : progress->expected_length >= needed ? progress->expected_length : 16384;
        while (capacity < needed) capacity = capacity > cap / 2 ? cap : capacity * 2;
        uint8_t *grown = realloc(progress->body, capacity);
        if (grown == NULL) return false;
        progress->body = grown;
        progress->body_capacity = capacity;
    }
    memcpy(progress->body + progress->body_length, data, length);
    progress->body_length = needed;
    return true;
}

// Whether `key`, `length` bytes long, is `name` in any case.
static bool is_named(const char *key, size_t length, const char *name, size_t name_length) {
    return length == name_length && strcasecmp(key, name) == 0;
}

// Collects the headers in the order they came; the two that delimit a body are noted on the way, in place of two
// more walks over libmicrohttpd's list.
static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    request_state *state = cls;
    request_progress *progress = &state->progress;
    if (progress->header_count == state->header_capacity) return MHD_NO;  // Counted just before: cannot happen.
    value = value != NULL ? value : "";
    state->header_names[progress->header_count] = key;
    state->header_values[progress->header_count] = value;
    progress->header_count += 1;
    size_t key_length = strlen(key);
    progress->head_bytes += key_length + strlen(value) + 4;  // ": " and CRLF.
    static const char coding[] = MHD_HTTP_HEADER_TRANSFER_ENCODING, length[] = MHD_HTTP_HEADER_CONTENT_LENGTH;
    if (progress->transfer_coding == NULL && is_named(key, key_length, coding, sizeof coding - 1)) {
        progress->transfer_coding = value;
    } else if (progress->declared_length == NULL && is_named(key, key_length, length, sizeof length - 1)) {
        progress->declared_length = value;
    }
    return MHD_YES;
}

// Collects the headers into the request's state and sizes the head; false when out of memory.
static bool collect_headers(struct MHD_Connection *connection, request_state *state, size_t line) {
    int count = MHD_get_connection_values(connection, MHD_HEADER_KIND, NULL, NULL);
    size_t needed = count > 0 ? (size_t)count : 1;
    if (needed > state->header_capacity) {
        size_t capacity = needed > 2 * state->header_capacity ? needed : 2 * state->header_capacity;
        const char **grown = malloc(2 * capacity * sizeof(char *));
        if (grown == NULL) return false;
        free(state->header_names);
        state->header_names = grown;
        state->header_values = grown + capacity;
        state->header_capacity = capacity;
    }
    state->progress.head_bytes = line + 2;  // The empty line that ends the head.
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_header, state);
    return true;
}

// Hands the request to the handler and queues its answer, now or after the delay it asked for.
static enum MHD_Result answer(struct http_shim_server *server, struct MHD_Connection *connection, const char *method,
                              const char *version, request_state *state, http_shim_request_state kind) {
    request_progress *progress = &state->progress;
    bool complete = kind == HTTP_SHIM_COMPLETE;
    http_shim_request request = {
        .method = method, .version = version, .target = state->target, .header_names = state->header_names,
        .header_values = state->header_values, .header_count = progress->header_count, .state = kind,
        .body = complete ? progress->body : NULL, .body_length = complete ? progress->body_length : 0,
        .client_address = shim_client_address(state->connection),
        .connection_memo = shim_connection_memo(state->connection)};
    http_shim_exchange exchange = {.status = 500, .delivery = HTTP_SHIM_SEND, .connection = connection,
                                   .record = state->connection, .timer = &server->timer,
                                   .download_rate = progress->download_rate};
    server->handler(server->context, &request, &exchange);
    if (exchange.response == NULL) return MHD_NO;  // Out of memory for the answer: the connection is closed.
    if (exchange.delay_milliseconds > 0 && complete) {
        progress->delayed_answer = exchange;
        progress->delayed = true;
        shim_timer_suspend(&server->timer, connection, shim_now_milliseconds() + exchange.delay_milliseconds + 1);
        return MHD_YES;
    }
    return shim_deliver(&exchange);
}

// What the shim itself refuses once the headers are in, before any body is read; HTTP_SHIM_COMPLETE when nothing.
static http_shim_request_state refusal(struct http_shim_server *server, size_t line, request_state *state) {
    request_progress *progress = &state->progress;
    if (shim_headers_arrived(state->connection)) return HTTP_SHIM_TOO_MANY_CONNECTIONS;
    if (line > server->config.max_head_bytes) return HTTP_SHIM_TARGET_TOO_LONG;
    if (progress->head_bytes > server->config.max_head_bytes) return HTTP_SHIM_HEADERS_TOO_LARGE;
    // Only "chunked" (which libmicrohttpd decodes) or no transfer coding delimits a body this server can read.
    const char *coding = progress->transfer_coding;
    if (coding != NULL && strcasecmp(coding, "chunked") != 0) return HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING;
    progress->chunked = coding != NULL;
    const char *declared = progress->declared_length;
    // An out-of-range length saturates, which is simply too large; libmicrohttpd refuses one that is not a number.
    unsigned long long length = declared != NULL && coding == NULL ? strtoull(declared, NULL, 10) : 0;
    if (length > (unsigned long long)server->config.max_body_bytes) return HTTP_SHIM_BODY_TOO_LARGE;
    progress->expected_length = (size_t)length;
    return HTTP_SHIM_COMPLETE;
}

// Paces the body read so far: a connection ahead of the upload rate is suspended until its bytes are due, so TCP
// slows the client. One that fell behind (its window reopens only after a read, so it stalls once per slice) makes
// up to a quarter second by being read at once; without that credit the rate comes out about half what was set.
// True when it suspended the connection.
static bool pace_upload(shim_timer *timer, struct MHD_Connection *connection, request_progress *progress,
                        size_t length) {
    const uint64_t credit_milliseconds = 250;
    uint64_t now = shim_now_milliseconds();
    if (progress->upload_due == 0) progress->upload_due = now;
    if (progress->upload_due + credit_milliseconds < now) progress->upload_due = now - credit_milliseconds;
    progress->upload_due += (uint64_t)length * 1000u / progress->upload_rate;
    return progress->upload_due > now && shim_timer_suspend(timer, connection, progress->upload_due);
}

// With more chunks of a chunked body already read, libmicrohttpd calls again at once, even when the call before
// suspended the connection (instant_retry: 0.9.75 connection.c 3182 and 3267, 1.0.1 4479 and 4586): suspending
// it a second time would put it on the suspended list twice. Such a call's bytes stay unread until the resume.
static bool is_still_paused(struct MHD_Connection *connection, request_progress *progress) {
    if (!progress->upload_paused) return false;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_SUSPENDED);
    progress->upload_paused = info != NULL && info->suspended == MHD_YES;
    return progress->upload_paused;
}

// The first call, with the headers only. An answer queued here makes libmicrohttpd close the connection after it,
// with or without a body to come (MHD_queue_response sets discard_request in this state: 0.9.75 connection.c
// 5256-5263, 1.0.1 8072-8079): a refusal is queued here, so that the body refused is never read; any other request
// is answered in the call that follows, once libmicrohttpd has handed its whole body over (none for most).
static enum MHD_Result on_headers(struct http_shim_server *server, struct MHD_Connection *connection,
                                  const char *method, const char *version, request_state *state) {
    request_progress *progress = &state->progress;
    progress->headers_in = true;
    if (server->config.pace != NULL && atomic_load_explicit(&server->paced, memory_order_acquire)) {
        server->config.pace(server->context, shim_connection_socket(state->connection), state->target,
                            &progress->upload_rate, &progress->download_rate);
    }
    size_t line = strlen(method) + strlen(state->target) + strlen(version) + 4;  // Two spaces and CRLF.
    if (!collect_headers(connection, state, line)) return MHD_NO;
    http_shim_request_state refused = refusal(server, line, state);
    return refused == HTTP_SHIM_COMPLETE ? MHD_YES : answer(server, connection, method, version, state, refused);
}

enum MHD_Result shim_on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size,
                               void **req_cls) {
    (void)url;  // Decoded by libmicrohttpd; the raw target in request_state is used instead.
    struct http_shim_server *server = cls;
    request_state *state = *req_cls;
    if (state == NULL) return MHD_NO;  // Out of memory when the request line arrived: drop the connection.
    request_progress *progress = &state->progress;
    if (progress->delayed) {           // Resumed after the delay.
        progress->delayed = false;
        return shim_deliver(&progress->delayed_answer);
    }
    if (!progress->headers_in) return on_headers(server, connection, method, version, state);
    if (*upload_data_size > 0) {
        if (is_still_paused(connection, progress)) return MHD_YES;  // *upload_data_size unchanged: read after it.
        size_t length = *upload_data_size;
        *upload_data_size = 0;
        if (!progress->body_too_large && !append_body(progress, upload_data, length, server->config.max_body_bytes)) {
            // A chunked body grew past the cap: keep no more of it and answer 413 once it has been read.
            progress->body_too_large = true;
            free(progress->body);
            progress->body = NULL;
        }
        if (progress->upload_rate != 0) {
            progress->upload_paused = pace_upload(&server->timer, connection, progress, length);
        }
        return MHD_YES;
    }
    return answer(server, connection, method, version, state,
                  progress->body_too_large ? HTTP_SHIM_BODY_TOO_LARGE : HTTP_SHIM_COMPLETE);
}
