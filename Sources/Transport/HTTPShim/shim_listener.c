// The listening socket and the thread that accepts from it. libmicrohttpd never sees the listener: each accepted
// socket is handed over with MHD_add_connection. So a stop knows exactly which connections came before it (the
// backlog's included), without MHD_quiesce_daemon, which with a thread pool on epoll can abort the process (0.9.75
// and 1.0.1 take a worker's concurrent removal of the listener from its epoll set, ENOENT, as fatal).
// Ownership: the listener (bound by Swift, HTTPServer/ListeningSocket.swift) and the wake pipe are the shim's from
// http_shim_start on, closed by shim_listener_stop, or by shim_listener_close when the server cannot start. An accepted socket is libmicrohttpd's
// from MHD_add_connection on, which closes it itself when it refuses it.

#include "shim_internal.h"

#include <errno.h>
#include <poll.h>

int shim_listener_init(shim_listener *listener, MHD_socket socket, unsigned int capacity) {
    *listener = (shim_listener){.socket = socket, .wake = {-1, -1}, .capacity = capacity};
    if (pipe(listener->wake) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        fcntl(listener->wake[end], F_SETFL, fcntl(listener->wake[end], F_GETFL) | O_NONBLOCK);
        fcntl(listener->wake[end], F_SETFD, FD_CLOEXEC);
    }
    return 0;
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
