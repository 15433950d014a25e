// Two answers libmicrohttpd 0.9.75 does not give properly, sent by the shim from the connection's close
// notification instead. That notification comes before libmicrohttpd closes the socket, and in turbo mode (both
// paths) it has not shut the socket down either, so an answer written there still reaches the client.
// - Bytes that are not an HTTP request at all (binary junk where the request line goes): libmicrohttpd closes
//   without a word, queuing no response the interposed MHD_queue_response could replace.
// - A Content-Length that is not a length: libmicrohttpd answers, but writes the response header block twice.
//   The interposed MHD_queue_response refuses to queue that answer (shim_library_errors.c), which makes
//   libmicrohttpd close the connection, and owes this one instead.
// - A request line and headers that fill the connection's memory so far that the answer's header block would not
//   fit: libmicrohttpd would close without a word after the handler answered. The shim refuses those requests
//   itself (414 or 431, http_shim.c) and answers them here, from memory of its own.
// Telling junk from a client that sent nothing needs the socket's count of received bytes: Linux and macOS each
// have their own call for it; elsewhere the count is 0 and junk is only closed. On the portable path libmicrohttpd's
// socket is a socket pair's end, which has no such count: there the relay answers junk itself (shim_relay.c).
//
// Lifetimes: each answer is built once at start into a block the server owns (freed by shim_own_answers_free);
// sending writes it straight from there and keeps nothing.

#include "shim_internal.h"

#include <netinet/in.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>

#if defined(__linux__)
#include <linux/tcp.h>  // Not <netinet/tcp.h>: only Linux's own header has tcpi_bytes_received.
#elif defined(__APPLE__)
#include <netinet/tcp.h>  // TCP_CONNECTION_INFO and its tcpi_rxbytes.
#endif

static int prepare(struct prepared_answer *prepared, const http_shim_own_answer *answer) {
    if (answer->content_type == NULL || answer->body == NULL || answer->status_line == NULL) return 0;
    int status = snprintf(prepared->status_line, sizeof prepared->status_line, "%s", answer->status_line);
    if (status < 0 || (size_t)status >= sizeof prepared->status_line) return -1;
    const char *format = "Content-Type: %s\r\nContent-Length: %zu\r\n\r\n";
    int head = snprintf(NULL, 0, format, answer->content_type, answer->body_length);
    if (head < 0) return -1;
    size_t length = (size_t)head + answer->body_length;
    char *bytes = malloc(length + 1);  // +1: snprintf writes a NUL, overwritten by the body or left past the end.
    if (bytes == NULL) return -1;
    snprintf(bytes, (size_t)head + 1, format, answer->content_type, answer->body_length);
    memcpy(bytes + head, answer->body, answer->body_length);
    prepared->bytes = bytes;
    prepared->length = length;
    return 0;
}

int shim_own_answers_prepare(struct http_shim_server *server, const http_shim_config *config) {
    if (prepare(&server->own_answers[SHIM_UNREADABLE_REQUEST], &config->unreadable_request) != 0 ||
        prepare(&server->own_answers[SHIM_BAD_CONTENT_LENGTH], &config->bad_content_length) != 0 ||
        prepare(&server->own_answers[SHIM_REQUEST_LINE_TOO_LONG], &config->request_line_too_long) != 0 ||
        prepare(&server->own_answers[SHIM_HEADERS_TOO_LARGE], &config->headers_too_large) != 0 ||
        prepare(&server->own_answers[SHIM_MALFORMED_REQUEST], &config->malformed_request) != 0 ||
        prepare(&server->own_answers[SHIM_VERSION_NOT_SUPPORTED], &config->version_not_supported) != 0 ||
        prepare(&server->own_answers[SHIM_CHUNK_TOO_LARGE], &config->chunk_too_large) != 0 ||
        prepare(&server->own_answers[SHIM_UNSUPPORTED_TRANSFER_CODING], &config->unsupported_transfer_coding) != 0 ||
        prepare(&server->own_answers[SHIM_BODY_TOO_LARGE], &config->body_too_large) != 0) {
        shim_own_answers_free(server);
        return -1;
    }
    return 0;
}

void shim_own_answers_free(struct http_shim_server *server) {
    for (int kind = 0; kind < SHIM_OWN_ANSWER_COUNT; kind++) {
        free(server->own_answers[kind].bytes);
        server->own_answers[kind].bytes = NULL;
    }
}

uint64_t shim_bytes_received(MHD_socket descriptor) {
#if defined(__linux__)
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(descriptor, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    // Kernels before 4.1 fill a shorter structure without the count.
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return 0;
    return info.tcpi_bytes_received;
#elif defined(__APPLE__)
    struct tcp_connection_info info;
    socklen_t length = sizeof info;
    if (getsockopt(descriptor, IPPROTO_TCP, TCP_CONNECTION_INFO, &info, &length) != 0) return 0;
    return info.tcpi_rxbytes;
#else
    (void)descriptor;
    return 0;
#endif
}

void shim_send_own_answer(const struct http_shim_server *server, MHD_socket descriptor, shim_own_answer_kind kind) {
    if (kind < 0 || kind >= SHIM_OWN_ANSWER_COUNT || server->own_answers[kind].bytes == NULL) return;
    char date[64];
    time_t now = time(NULL);
    struct tm utc;
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime_r(&now, &utc));
    char status[192];
    int status_length = snprintf(status, sizeof status, "HTTP/1.1 %s\r\nDate: %s\r\nConnection: close\r\n",
                                 server->own_answers[kind].status_line, date);
    if (status_length < 0 || (size_t)status_length >= sizeof status) return;
    struct iovec parts[2] = {
        {.iov_base = status, .iov_len = (size_t)status_length},
        {.iov_base = server->own_answers[kind].bytes, .iov_len = server->own_answers[kind].length},
    };
    struct msghdr message = {.msg_iov = parts, .msg_iovlen = 2};
    // One try, without waiting: the answer is small and the socket's buffer empty; if it does not fit, the client
    // gets the close it would have got anyway.
    (void)sendmsg(descriptor, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
}

void shim_refuse(const struct http_shim_server *server, MHD_socket descriptor, shim_own_answer_kind kind,
                 char *scratch, size_t scratch_capacity) {
    enum { DRAIN_READS = 16 };
    shim_send_own_answer(server, descriptor, kind);
    for (int read = 0; read < DRAIN_READS && recv(descriptor, scratch, scratch_capacity, 0) > 0; read++) {
    }
}
