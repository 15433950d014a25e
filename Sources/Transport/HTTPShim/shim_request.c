// One request, from its request line to its answer. libmicrohttpd owns the connection, the header strings and the
// upload buffers; a request_state (raw target, body, delayed answer) lives from the request line to completion.

#include "shim_internal.h"

// What libmicrohttpd takes of a connection's pool per query parameter, and the room an answer's head needs there.
enum { SHIM_PARAMETER_BYTES = 64, SHIM_ANSWER_ROOM = 8192 };

typedef struct {
    // Collected once the headers are in: one allocation for both arrays; the strings stay libmicrohttpd's.
    const char **header_names, **header_values;
    size_t header_count, head_bytes;
    uint8_t *body;              // Grows geometrically up to max_body_bytes; NULL until the first body bytes.
    size_t body_length, body_capacity;
    size_t expected_length;     // From Content-Length (never over the cap), so a declared body is allocated once.
    bool headers_in, body_too_large, chunked;  // The first call (headers only) is done; the body is over the cap.
    uint64_t upload_rate, download_rate;  // Bytes per second, read once per request; 0: unlimited.
    uint64_t upload_due;        // When the body bytes read so far are due at the upload rate (monotonic ms).
    bool delayed;               // `delayed_answer` waits for the connection to be resumed.
    http_shim_exchange delayed_answer;
    char target[];              // Raw request target ("/path?query"), copied: libmicrohttpd decodes its own.
} request_state;

// Runs when the request line arrives, before the headers: the only moment the raw, undecoded target is visible.
void *shim_on_request_line(void *cls, const char *uri, struct MHD_Connection *connection) {
    struct http_shim_server *server = cls;
    shim_request_line_arrived(connection);
    // libmicrohttpd 0.9.75 next stores each query parameter in the connection's pool and, when they do not fit, waits
    // for the idle timeout without answering: close such a connection now (see http_shim_start).
    size_t parameters = 0, length = 0;
    for (const char *at = uri != NULL ? strchr(uri, '?') : NULL; at != NULL && *at != '\0'; at++, length++) {
        parameters += *at == '&' || *at == '?';
    }
    if (parameters * SHIM_PARAMETER_BYTES + length + SHIM_ANSWER_ROOM > server->pool_bytes) {
        shutdown(shim_socket(connection), SHUT_RDWR);  // libmicrohttpd reads end of file and closes it itself.
    }
    const char *target = uri != NULL ? uri : "/";
    size_t target_bytes = strlen(target) + 1;
    request_state *state = calloc(1, sizeof *state + target_bytes);
    if (state != NULL) memcpy(state->target, target, target_bytes);
    return state;  // NULL (out of memory) makes shim_on_access drop the connection.
}

void shim_on_completed(void *cls, struct MHD_Connection *connection, void **req_cls,
                       enum MHD_RequestTerminationCode reason) {
    (void)cls, (void)reason;
    request_state *state = *req_cls;
    shim_awaiting_next_request(connection, state == NULL || state->chunked ? UINT64_MAX : state->expected_length);
    if (state == NULL) return;
    *req_cls = NULL;
    if (state->delayed && state->delayed_answer.response != NULL) MHD_destroy_response(state->delayed_answer.response);
    free(state->header_names);
    free(state->body);
    free(state);
}

// Appends without ever holding more than `cap` bytes; false when over the cap or out of memory.
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

static enum MHD_Result collect_header(void *cls, enum MHD_ValueKind kind, const char *key, const char *value) {
    (void)kind;
    request_state *state = cls;
    state->header_names[state->header_count] = key;
    state->header_values[state->header_count] = value != NULL ? value : "";
    state->header_count += 1;
    state->head_bytes += strlen(key) + (value != NULL ? strlen(value) : 0) + 4;  // ": " and CRLF.
    return MHD_YES;
}

// Collects the headers into the request's state and sizes the head; false when out of memory.
static bool collect_headers(struct MHD_Connection *connection, request_state *state, size_t line) {
    int count = MHD_get_connection_values(connection, MHD_HEADER_KIND, NULL, NULL);
    size_t capacity = count > 0 ? (size_t)count : 1;
    state->header_names = malloc(2 * capacity * sizeof(char *));
    if (state->header_names == NULL) return false;
    state->header_values = state->header_names + capacity;
    state->head_bytes = line + 2;  // The empty line that ends the head.
    MHD_get_connection_values(connection, MHD_HEADER_KIND, collect_header, state);
    return true;
}

// Hands the request to the handler and queues its answer, now or after the delay it asked for. A refusal is queued in
// the call that refuses it, so that libmicrohttpd never reads the body refused (and closes the connection after).
static enum MHD_Result answer(struct http_shim_server *server, struct MHD_Connection *connection, const char *method,
                              const char *version, request_state *state, http_shim_request_state kind) {
    bool complete = kind == HTTP_SHIM_COMPLETE;
    http_shim_request request = {
        .method = method, .version = version, .target = state->target, .header_names = state->header_names,
        .header_values = state->header_values, .header_count = state->header_count, .state = kind,
        .body = complete ? state->body : NULL, .body_length = complete ? state->body_length : 0,
        .client_address = shim_client_address(connection)};
    http_shim_exchange exchange = {.status = 500, .delivery = HTTP_SHIM_SEND, .connection = connection,
                                   .timer = &server->timer, .download_rate = state->download_rate};
    server->handler(server->context, &request, &exchange);
    if (exchange.response == NULL) return MHD_NO;  // Out of memory for the answer: the connection is closed.
    if (exchange.delay_milliseconds > 0 && complete) {
        state->delayed_answer = exchange;
        state->delayed = true;
        shim_timer_suspend(&server->timer, connection, shim_now_milliseconds() + exchange.delay_milliseconds + 1);
        return MHD_YES;
    }
    return shim_deliver(&exchange);
}

// What the shim itself refuses once the headers are in, before any body is read; HTTP_SHIM_COMPLETE when nothing.
static http_shim_request_state refusal(struct http_shim_server *server, struct MHD_Connection *connection,
                                       size_t line, request_state *state) {
    if (shim_headers_arrived(connection)) return HTTP_SHIM_TOO_MANY_CONNECTIONS;
    if (line > server->config.max_head_bytes) return HTTP_SHIM_TARGET_TOO_LONG;
    if (state->head_bytes > server->config.max_head_bytes) return HTTP_SHIM_HEADERS_TOO_LARGE;
    // Only "chunked" (which libmicrohttpd decodes) or no transfer coding delimits a body this server can read.
    const char *coding = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);
    if (coding != NULL && strcasecmp(coding, "chunked") != 0) return HTTP_SHIM_UNSUPPORTED_TRANSFER_CODING;
    state->chunked = coding != NULL;
    const char *declared = MHD_lookup_connection_value(connection, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
    // An out-of-range length saturates, which is simply too large; libmicrohttpd refuses one that is not a number.
    unsigned long long length = declared != NULL && coding == NULL ? strtoull(declared, NULL, 10) : 0;
    if (length > (unsigned long long)server->config.max_body_bytes) return HTTP_SHIM_BODY_TOO_LARGE;
    state->expected_length = (size_t)length;
    return HTTP_SHIM_COMPLETE;
}

// Paces the body read so far: a connection ahead of the upload rate is suspended until its bytes are due, so TCP
// slows the client. One that fell behind (its window reopens only after a read, so it stalls once per slice) makes
// up to a quarter second by being read at once; without that credit the rate comes out about half what was set.
static void pace_upload(shim_timer *timer, struct MHD_Connection *connection, request_state *state, size_t length) {
    const uint64_t credit_milliseconds = 250;
    uint64_t now = shim_now_milliseconds();
    if (state->upload_due == 0) state->upload_due = now;
    if (state->upload_due + credit_milliseconds < now) state->upload_due = now - credit_milliseconds;
    state->upload_due += (uint64_t)length * 1000u / state->upload_rate;
    if (state->upload_due > now) shim_timer_suspend(timer, connection, state->upload_due);
}

enum MHD_Result shim_on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                               const char *version, const char *upload_data, size_t *upload_data_size,
                               void **req_cls) {
    (void)url;  // Decoded by libmicrohttpd; the raw target in request_state is used instead.
    struct http_shim_server *server = cls;
    request_state *state = *req_cls;
    if (state == NULL) return MHD_NO;  // Out of memory when the request line arrived: drop the connection.
    if (state->delayed) {              // Resumed after the delay.
        state->delayed = false;
        return shim_deliver(&state->delayed_answer);
    }
    if (!state->headers_in) {  // The first call, with the headers only.
        state->headers_in = true;
        if (server->config.pace != NULL) {
            server->config.pace(server->context, shim_socket(connection), state->target, &state->upload_rate,
                                &state->download_rate);
        }
        size_t line = strlen(method) + strlen(state->target) + strlen(version) + 4;  // Two spaces and CRLF.
        if (!collect_headers(connection, state, line)) return MHD_NO;
        http_shim_request_state refused = refusal(server, connection, line, state);
        // Queuing an accepted request's answer here would make libmicrohttpd close the connection after it.
        return refused == HTTP_SHIM_COMPLETE ? MHD_YES : answer(server, connection, method, version, state, refused);
    }
    if (*upload_data_size > 0) {
        size_t length = *upload_data_size;
        *upload_data_size = 0;
        if (!state->body_too_large && !append_body(state, upload_data, length, server->config.max_body_bytes)) {
            // A chunked body grew past the cap: keep no more of it and answer 413 once it has been read.
            state->body_too_large = true;
            free(state->body);
            state->body = NULL;
        }
        if (state->upload_rate != 0) pace_upload(&server->timer, connection, state, length);
        return MHD_YES;
    }
    return answer(server, connection, method, version, state,
                  state->body_too_large ? HTTP_SHIM_BODY_TOO_LARGE : HTTP_SHIM_COMPLETE);
}
