// The handler's answer and its delivery. A plain body is a buffer (copied, or shared and released by libmicrohttpd);
// one sent at a download rate or cut off halfway (truncate) is a paced_body, which libmicrohttpd frees with the answer.
// A prepared answer is one libmicrohttpd response, made once: its maker holds one reference until
// http_shim_prepared_free, each queued answer another until it is sent, and an exchange borrows it in between.

#include "shim_internal.h"

typedef struct {
    size_t sent_length;         // What is sent: the whole body, or half of it when truncated.
    struct MHD_Connection *connection;
    shim_timer *timer;
    uint64_t rate;              // Bytes per second; 0: unlimited.
    uint64_t due;               // When the bytes sent so far are due at the rate (monotonic milliseconds).
    uint8_t bytes[];
} paced_body;

// A tenth of a second's bytes per slice, so that the body arrives in steps at the rate, not in bursts.
static ssize_t read_body(void *cls, uint64_t position, char *buffer, size_t capacity) {
    paced_body *body = cls;
    // Ending "with error" is how libmicrohttpd is told to close the connection short of the announced length.
    if (position >= body->sent_length) return MHD_CONTENT_READER_END_WITH_ERROR;
    size_t length = body->sent_length - (size_t)position;
    if (length > capacity) length = capacity;
    if (body->rate != 0) {
        uint64_t now = shim_now_milliseconds();
        // Allowed from a content reader: a suspended connection is not asked again until resumed.
        if (body->due > now && shim_timer_suspend(body->timer, body->connection, body->due)) return 0;
        uint64_t slice = body->rate / 10 > 0 ? body->rate / 10 : 1;
        if (length > slice) length = (size_t)slice;
        body->due = (body->due > 0 ? body->due : now) + (uint64_t)length * 1000u / body->rate;
    }
    memcpy(buffer, body->bytes + position, length);
    return (ssize_t)length;
}

// A response read by read_body from a copy of `bytes`; the headers announce the whole length either way.
static struct MHD_Response *paced_response(http_shim_exchange *exchange, const void *bytes, size_t length) {
    paced_body *body = malloc(sizeof *body + length);
    if (body == NULL) return NULL;
    *body = (paced_body){.sent_length = exchange->delivery == HTTP_SHIM_TRUNCATE ? length / 2 : length,
                         .connection = exchange->connection, .timer = exchange->timer, .rate = exchange->download_rate};
    if (length > 0) memcpy(body->bytes, bytes, length);
    struct MHD_Response *response = MHD_create_response_from_callback(length, 16384, read_body, body, free);
    if (response == NULL) free(body);
    return response;
}

void shim_forget_answer(http_shim_exchange *exchange) {
    if (exchange->release != NULL) exchange->release(exchange->owner);
    else if (exchange->response != NULL) MHD_destroy_response(exchange->response);
    exchange->response = NULL;
    exchange->release = NULL;
    exchange->owner = NULL;
}

// libmicrohttpd calls `release` once it is done with the body; when the response is not made, it is called here.
static struct MHD_Response *body_response(const void *body, size_t body_length, void (*release)(void *owner),
                                          void *owner) {
    if (release == NULL) return MHD_create_response_from_buffer(body_length, (void *)body, MHD_RESPMEM_MUST_COPY);
    struct MHD_Response *response =
        MHD_create_response_from_buffer_with_free_callback_cls(body_length, (void *)body, release, owner);
    if (response == NULL) release(owner);
    return response;
}

int http_shim_respond(http_shim_exchange *exchange, unsigned int status, http_shim_delivery delivery,
                      unsigned int delay_milliseconds, const void *body, size_t body_length,
                      void (*release)(void *owner), void *owner) {
    shim_forget_answer(exchange);
    exchange->status = status;
    exchange->delivery = delivery;
    exchange->delay_milliseconds = delay_milliseconds;
    if (exchange->download_rate != 0 || exchange->delivery == HTTP_SHIM_TRUNCATE) {
        exchange->response = paced_response(exchange, body, body_length);
        if (release != NULL) release(owner);  // Copied.
    } else {
        exchange->response = body_response(body, body_length, release, owner);
    }
    return exchange->response != NULL ? 0 : -1;
}

struct http_shim_prepared {
    struct MHD_Response *response;
    unsigned int status;
};

http_shim_prepared *http_shim_prepare(unsigned int status, const void *body, size_t body_length,
                                      void (*release)(void *owner), void *owner) {
    http_shim_prepared *prepared = malloc(sizeof *prepared);
    if (prepared == NULL) {
        if (release != NULL) release(owner);
        return NULL;
    }
    *prepared = (http_shim_prepared){.response = body_response(body, body_length, release, owner), .status = status};
    if (prepared->response != NULL) return prepared;
    free(prepared);
    return NULL;
}

int http_shim_prepared_add_header(http_shim_prepared *prepared, const char *name, const char *value) {
    return MHD_add_response_header(prepared->response, name, value) == MHD_YES ? 0 : -1;
}

void http_shim_prepared_free(http_shim_prepared *prepared) {
    if (prepared == NULL) return;
    MHD_destroy_response(prepared->response);
    free(prepared);
}

int http_shim_respond_prepared(http_shim_exchange *exchange, const http_shim_prepared *prepared,
                               http_shim_delivery delivery, unsigned int delay_milliseconds,
                               void (*release)(void *owner), void *owner) {
    if (exchange->download_rate != 0 || delivery == HTTP_SHIM_TRUNCATE) {
        release(owner);
        return -1;
    }
    shim_forget_answer(exchange);
    *exchange = (http_shim_exchange){
        .response = prepared->response, .status = prepared->status, .delivery = delivery,
        .delay_milliseconds = delay_milliseconds, .connection = exchange->connection, .record = exchange->record,
        .timer = exchange->timer, .download_rate = exchange->download_rate, .release = release, .owner = owner};
    return 0;
}

int http_shim_add_header(http_shim_exchange *exchange, const char *name, const char *value) {
    if (exchange->response == NULL || exchange->release != NULL) return -1;  // A prepared answer is not changed.
    return MHD_add_response_header(exchange->response, name, value) == MHD_YES ? 0 : -1;
}

enum MHD_Result shim_deliver(http_shim_exchange *exchange) {
    enum MHD_Result result = MHD_NO;  // libmicrohttpd closes the connection.
    if (exchange->delivery == HTTP_SHIM_RESET) {
        // Closing with SO_LINGER 0 discards what is unsent and makes the kernel send a reset instead of a FIN.
        struct linger abort_on_close = {.l_onoff = 1, .l_linger = 0};
        setsockopt(shim_socket(exchange->connection), SOL_SOCKET, SO_LINGER, &abort_on_close, sizeof abort_on_close);
    }
    if (exchange->delivery == HTTP_SHIM_SEND || exchange->delivery == HTTP_SHIM_TRUNCATE) {
        result = MHD_queue_response(exchange->connection, exchange->status, exchange->response);
    }
    shim_forget_answer(exchange);  // libmicrohttpd keeps its own reference until the answer is sent.
    return result;
}
