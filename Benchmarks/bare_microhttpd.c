// The baseline the benchmarks compare against: bare libmicrohttpd answering every request with the same bytes,
// with the same thread count and pool as the emulator's shim. Usage:
//   bare_microhttpd PORT THREADS CONTENT_TYPE FILE
// With OPENMARKET_BARE_ACCEPT=handover, a thread of its own accepts and hands each connection to libmicrohttpd
// (MHD_USE_NO_LISTEN_SOCKET, MHD_add_connection), as the shim's listener does: libmicrohttpd then spreads them over
// its threads by descriptor, evenly. Without it, every pool thread accepts for itself, and however many of the
// connections one thread wins changes the figure from run to run: on two cores, with the load generator beside it,
// all of them on one thread leaves the other core to the client and serves up to half again as many requests.
#include <arpa/inet.h>
#include <errno.h>
#include <microhttpd.h>
#include <netinet/in.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *body;
static size_t body_length;
static const char *content_type;

static enum MHD_Result on_access(void *cls, struct MHD_Connection *connection, const char *url, const char *method,
                                 const char *version, const char *upload_data, size_t *upload_data_size,
                                 void **req_cls) {
    (void)cls; (void)url; (void)method; (void)version; (void)upload_data;
    static int first_call_marker;
    if (*req_cls == NULL) {  // Same rule as the shim: answer on the second call to keep the connection alive.
        *req_cls = &first_call_marker;
        return MHD_YES;
    }
    if (*upload_data_size > 0) {
        *upload_data_size = 0;
        return MHD_YES;
    }
    struct MHD_Response *response = MHD_create_response_from_buffer(body_length, body, MHD_RESPMEM_MUST_COPY);
    MHD_add_response_header(response, "Content-Type", content_type);
    enum MHD_Result queued = MHD_queue_response(connection, 200, response);
    MHD_destroy_response(response);
    return queued;
}

typedef struct {
    int listener;
    struct MHD_Daemon *daemon;
} hand_over_state;

// Accepts until the listener is shut down (or fails), handing each connection to libmicrohttpd, which closes it.
static void *hand_over(void *argument) {
    hand_over_state *state = argument;
    for (;;) {
        struct sockaddr_in peer;
        socklen_t length = sizeof peer;
        int connection = accept(state->listener, (struct sockaddr *)&peer, &length);
        if (connection < 0 && (errno == EINTR || errno == ECONNABORTED)) continue;
        if (connection < 0) return NULL;  // Shut down by main, or out of descriptors: the benchmark shows it stall.
        if (MHD_add_connection(state->daemon, connection, (struct sockaddr *)&peer, length) != MHD_YES) {
            close(connection);
        }
    }
}

static int listening_socket(uint16_t port) {
    int descriptor = socket(AF_INET, SOCK_STREAM, 0);
    int on = 1;
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    struct sockaddr_in address = {
        .sin_family = AF_INET, .sin_port = htons(port), .sin_addr.s_addr = htonl(INADDR_LOOPBACK)};
    if (descriptor < 0 || bind(descriptor, (struct sockaddr *)&address, sizeof address) != 0 ||
        listen(descriptor, 1024) != 0) {
        return -1;
    }
    return descriptor;
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: %s PORT THREADS CONTENT_TYPE FILE\n", argv[0]);
        return 2;
    }
    content_type = argv[3];
    FILE *file = fopen(argv[4], "rb");
    if (file == NULL) { perror(argv[4]); return 1; }
    fseek(file, 0, SEEK_END);
    body_length = (size_t)ftell(file);
    fseek(file, 0, SEEK_SET);
    body = malloc(body_length + 1);
    if (body == NULL || fread(body, 1, body_length, file) != body_length) { fclose(file); return 1; }
    fclose(file);

    unsigned int threads = (unsigned int)atoi(argv[2]);
    // libmicrohttpd's choice of event loop (epoll on Linux), or poll, the emulator's, with OPENMARKET_EVENT_LOOP=poll.
    const char *loop = getenv("OPENMARKET_EVENT_LOOP");
    unsigned int poller = loop != NULL && strcmp(loop, "poll") == 0 ? MHD_USE_POLL : MHD_USE_AUTO;
    // Blocked before any thread starts, so that every thread inherits it and only sigwait below takes a stop.
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    const char *accept_mode = getenv("OPENMARKET_BARE_ACCEPT");
    bool handing_over = accept_mode != NULL && strcmp(accept_mode, "handover") == 0;
    hand_over_state hand_over_state = {.listener = handing_over ? listening_socket((uint16_t)atoi(argv[1])) : -1};
    if (handing_over && hand_over_state.listener < 0) { perror("listen"); return 1; }
    struct MHD_Daemon *daemon = MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | poller | MHD_USE_ITC | MHD_USE_TURBO | MHD_ALLOW_SUSPEND_RESUME |
            (handing_over ? MHD_USE_NO_LISTEN_SOCKET : 0),
        handing_over ? 0 : (uint16_t)atoi(argv[1]), NULL, NULL,
        on_access, NULL,
        MHD_OPTION_THREAD_POOL_SIZE, threads > 1 ? threads : 0,
        MHD_OPTION_CONNECTION_TIMEOUT, 30u,
        MHD_OPTION_CONNECTION_LIMIT, 1024u,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(32 * 1024),
        MHD_OPTION_END);
    if (daemon == NULL) { fprintf(stderr, "cannot start\n"); return 1; }
    hand_over_state.daemon = daemon;
    pthread_t acceptor;
    if (handing_over && pthread_create(&acceptor, NULL, hand_over, &hand_over_state) != 0) {
        perror("thread");
        return 1;
    }
    printf("listening\n");
    fflush(stdout);
    int received;
    sigwait(&stop, &received);
    if (handing_over) {  // No connection is handed to a stopped daemon: shutdown() ends the acceptor's accept().
        shutdown(hand_over_state.listener, SHUT_RDWR);
        pthread_join(acceptor, NULL);
        close(hand_over_state.listener);
    }
    MHD_stop_daemon(daemon);
    free(body);
    return 0;
}
