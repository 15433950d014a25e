// The listening socket and the thread that accepts from it. libmicrohttpd never sees the listener: each accepted
// socket is handed over with MHD_add_connection. So a stop knows exactly which connections came before it (the
// backlog's included), without MHD_quiesce_daemon, which with a thread pool on epoll can abort the process (0.9.75
// and 1.0.1 take a worker's concurrent removal of the listener from its epoll set, ENOENT, as fatal).
// Ownership: the listener and the wake pipe are the shim's, opened by shim_listener_open and closed by
// shim_listener_stop (or shim_listener_close when the server never started). An accepted socket is libmicrohttpd's
// from MHD_add_connection on, which closes it itself when it refuses it.

#include "shim_internal.h"

#include <errno.h>
#include <poll.h>

static bool set_descriptor_flags(int descriptor) {
    return fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 &&
           fcntl(descriptor, F_SETFD, FD_CLOEXEC) == 0;
}

int shim_listener_open(shim_listener *listener, const struct sockaddr *address, unsigned int capacity) {
    *listener = (shim_listener){.socket = MHD_INVALID_SOCKET, .wake = {-1, -1}, .capacity = capacity};
    socklen_t length = address->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in);
    int on = 1;
    MHD_socket descriptor = socket(address->sa_family, SOCK_STREAM, 0);
    listener->socket = descriptor;
    // As libmicrohttpd's own listener: a restart may take the port at once, and "::" is IPv6 only.
    if (descriptor == MHD_INVALID_SOCKET || setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        (address->sa_family == AF_INET6 && setsockopt(descriptor, IPPROTO_IPV6, IPV6_V6ONLY, &on, sizeof on) != 0) ||
        bind(descriptor, address, length) != 0 || listen(descriptor, SOMAXCONN) != 0 ||
        !set_descriptor_flags(descriptor) || pipe(listener->wake) != 0 || !set_descriptor_flags(listener->wake[0]) ||
        !set_descriptor_flags(listener->wake[1])) {
        int error = errno;
        shim_listener_close(listener);
        return error;
    }
    return 0;
}

uint16_t shim_listener_port(const shim_listener *listener) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    if (getsockname(listener->socket, (struct sockaddr *)&address, &length) != 0) return 0;
    const struct sockaddr *bound = (const struct sockaddr *)&address;
    return ntohs(bound->sa_family == AF_INET6 ? ((const struct sockaddr_in6 *)bound)->sin6_port
                                              : ((const struct sockaddr_in *)bound)->sin_port);
}

void shim_listener_close(shim_listener *listener) {
    if (listener->socket != MHD_INVALID_SOCKET) close(listener->socket);
    if (listener->wake[0] >= 0) close(listener->wake[0]);
    if (listener->wake[1] >= 0) close(listener->wake[1]);
    listener->socket = MHD_INVALID_SOCKET;
    listener->wake[0] = listener->wake[1] = -1;
}

static void wake(shim_listener *listener) {
    char byte = 0;
    ssize_t written = write(listener->wake[1], &byte, 1);
    (void)written;  // A full pipe already wakes the thread.
}

// Accepts what the backlog holds while there is room. Returns false when the system has no descriptor left, so the
// thread waits for a connection to close rather than finding the listener readable again and again.
static bool accept_waiting(shim_listener *listener) {
    while (atomic_load(&listener->open) < listener->capacity) {
        struct sockaddr_storage address;
        socklen_t length = sizeof address;
        MHD_socket client = accept(listener->socket, (struct sockaddr *)&address, &length);
        if (client == MHD_INVALID_SOCKET) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            return errno != EMFILE && errno != ENFILE && errno != ENOBUFS && errno != ENOMEM;
        }
        // Counted before it is handed over: libmicrohttpd may close it, and count it closed, before the call returns.
        atomic_fetch_add(&listener->open, 1);
        if (MHD_add_connection(listener->daemon, client, (struct sockaddr *)&address, length) == MHD_YES) {
            listener->handed++;
        } else {
            atomic_fetch_sub(&listener->open, 1);
        }
    }
    return true;
}

// Woken by the listener, by a connection closing while it waits for room, and by the stop (the wake pipe).
static void *run_listener(void *argument) {
    shim_listener *listener = argument;
    bool descriptors_left = true;
    while (!atomic_load(&listener->stopping)) {
        bool room = descriptors_left && atomic_load(&listener->open) < listener->capacity;
        atomic_store(&listener->waiting_for_room, !room);
        // A close between the look and the flag would not wake the thread: look again now that the flag is set.
        if (!room && atomic_load(&listener->open) < listener->capacity && descriptors_left) continue;
        struct pollfd watched[2] = {{.fd = listener->wake[0], .events = POLLIN},
                                    {.fd = listener->socket, .events = POLLIN}};
        if (poll(watched, room ? 2 : 1, -1) < 0 && errno != EINTR) break;
        char drained[64];
        if (watched[0].revents != 0) {
            while (read(listener->wake[0], drained, sizeof drained) > 0) {}
            descriptors_left = true;  // A connection closed: its descriptor is free again.
        }
        if (room && watched[1].revents != 0) descriptors_left = accept_waiting(listener);
    }
    return NULL;
}

int shim_listener_start(shim_listener *listener, struct MHD_Daemon *daemon) {
    listener->daemon = daemon;
    return pthread_create(&listener->thread, NULL, run_listener, listener);
}

void shim_listener_connection_closed(shim_listener *listener) {
    atomic_fetch_sub(&listener->open, 1);
    if (atomic_load(&listener->waiting_for_room)) wake(listener);
}

unsigned int shim_listener_stop(shim_listener *listener) {
    atomic_store(&listener->stopping, true);
    wake(listener);
    pthread_join(listener->thread, NULL);
    // Connections the kernel completed before now hold requests that came in time: closing the listener with them
    // in the backlog would reset them.
    accept_waiting(listener);
    shim_listener_close(listener);
    return listener->handed;
}
