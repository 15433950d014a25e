// Bytes that are not an HTTP request at all (binary junk where the request line should be) make libmicrohttpd
// close the connection without a word: it queues no response there, so the interposed MHD_queue_response never
// sees one to replace. The shim answers in its place, from the connection's close notification, which comes before
// libmicrohttpd closes the socket; with turbo mode on Linux it has not shut the socket down either, so the answer
// still reaches the client. Only a connection's first request is answered so: a client that sent nothing or hung
// up gets nothing, and neither does a kept-alive connection (see closes_unreadable_request).
//
// Lifetimes: the answer is built once at start into one block the server owns (freed by shim_unreadable_free);
// sending writes it straight from there and keeps nothing.

#include "shim_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifdef __linux__
#include <linux/tcp.h>  // Not <netinet/tcp.h>: only Linux's own header has tcpi_bytes_received.
#include <netinet/in.h>
#include <stddef.h>
#include <sys/socket.h>
#include <sys/uio.h>
#endif

int shim_unreadable_prepare(struct http_shim_server *server, const http_shim_config *config) {
    if (config->unreadable_request_content_type == NULL || config->unreadable_request_body == NULL) return 0;
    const char *format = "Content-Type: %s\r\nContent-Length: %zu\r\n\r\n";
    int head = snprintf(NULL, 0, format, config->unreadable_request_content_type,
                        config->unreadable_request_body_length);
    if (head < 0) return -1;
    size_t length = (size_t)head + config->unreadable_request_body_length;
    char *answer = malloc(length + 1);  // +1: snprintf writes a NUL, overwritten by the body or left past the end.
    if (answer == NULL) return -1;
    snprintf(answer, (size_t)head + 1, format, config->unreadable_request_content_type,
             config->unreadable_request_body_length);
    memcpy(answer + head, config->unreadable_request_body, config->unreadable_request_body_length);
    server->unreadable_answer = answer;
    server->unreadable_answer_length = length;
    return 0;
}

void shim_unreadable_free(struct http_shim_server *server) {
    free(server->unreadable_answer);
    server->unreadable_answer = NULL;
}

#ifdef __linux__
uint64_t shim_bytes_received(MHD_socket descriptor) {
    struct tcp_info info;
    socklen_t length = sizeof info;
    if (getsockopt(descriptor, IPPROTO_TCP, TCP_INFO, &info, &length) != 0) return 0;
    // Kernels before 4.1 fill a shorter structure without the count.
    if (length < offsetof(struct tcp_info, tcpi_bytes_received) + sizeof info.tcpi_bytes_received) return 0;
    return info.tcpi_bytes_received;
}

void shim_send_unreadable_answer(const struct http_shim_server *server, MHD_socket descriptor) {
    if (server->unreadable_answer == NULL) return;
    char date[64];
    time_t now = time(NULL);
    struct tm utc;
    strftime(date, sizeof date, "%a, %d %b %Y %H:%M:%S GMT", gmtime_r(&now, &utc));
    char status[160];
    int status_length = snprintf(status, sizeof status, "HTTP/1.1 400 Bad Request\r\nDate: %s\r\nConnection: close\r\n",
                                 date);
    if (status_length < 0 || (size_t)status_length >= sizeof status) return;
    struct iovec parts[2] = {
        {.iov_base = status, .iov_len = (size_t)status_length},
        {.iov_base = server->unreadable_answer, .iov_len = server->unreadable_answer_length},
    };
    struct msghdr message = {.msg_iov = parts, .msg_iovlen = 2};
    // One try, without waiting: the answer is small and the socket's buffer empty; if it does not fit, the client
    // gets the close it would have got anyway.
    (void)sendmsg(descriptor, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
}
#else
uint64_t shim_bytes_received(MHD_socket descriptor) {
    (void)descriptor;
    return 0;
}

void shim_send_unreadable_answer(const struct http_shim_server *server, MHD_socket descriptor) {
    (void)server;
    (void)descriptor;
}
#endif
