// The thread that accepts from the listening socket and hands each connection to libmicrohttpd (MHD_add_connection),
// so that a stop knows exactly which came before it without MHD_quiesce_daemon, which aborts with a thread pool on
// epoll (0.9.75 and 1.0.1) when a worker takes the listener out of its epoll set at the same time. The listener (from
// ListeningSocket.swift) and the wake pipe are closed by shim_listener_stop; MHD_add_connection takes the socket.

#include "shim_internal.h"

static void wake(shim_listener *listener) {
    if (write(listener->wake[1], "", 1) < 0) return;  // A full pipe already wakes the thread.
}

// Accepts what the backlog holds while there is room; false when out of descriptors (wait for a close, not spin).
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
    bool descriptors_left = true;  // False from running out of them until a connection closes.
    while (!atomic_load(&listener->stopping)) {
        atomic_store(&listener->waiting_for_room, true);  // Before the look: a close in between wakes the thread.
        bool room = descriptors_left && atomic_load(&listener->open) < listener->capacity;
        if (room) atomic_store(&listener->waiting_for_room, false);
        struct pollfd watched[2] = {{.fd = listener->wake[0], .events = POLLIN},
                                    {.fd = listener->socket, .events = POLLIN}};
        if (poll(watched, room ? 2 : 1, -1) < 0 && errno != EINTR) break;
        char drained[64];
        if (watched[0].revents != 0) {
            while (read(listener->wake[0], drained, sizeof drained) > 0) {}
            descriptors_left = true;
        }
        if (room && watched[1].revents != 0) descriptors_left = accept_waiting(listener);
    }
    return NULL;
}

int shim_listener_start(shim_listener *listener, MHD_socket socket, unsigned int capacity, struct MHD_Daemon *daemon) {
    *listener = (shim_listener){.socket = socket, .capacity = capacity, .daemon = daemon};
    if (pipe(listener->wake) != 0) return -1;
    for (int end = 0; end < 2; end++) {
        fcntl(listener->wake[end], F_SETFL, fcntl(listener->wake[end], F_GETFL) | O_NONBLOCK);
        fcntl(listener->wake[end], F_SETFD, FD_CLOEXEC);
    }
    if (pthread_create(&listener->thread, NULL, run_listener, listener) == 0) return 0;
    close(listener->wake[0]);
    close(listener->wake[1]);
    return -1;
}

void shim_listener_connection_closed(shim_listener *listener) {
    atomic_fetch_sub(&listener->open, 1);
    if (atomic_load(&listener->waiting_for_room)) wake(listener);
}

unsigned int shim_listener_stop(shim_listener *listener) {
    atomic_store(&listener->stopping, true);
    wake(listener);
    pthread_join(listener->thread, NULL);
    // The backlog's connections came before the stop: closing the listener would reset them.
    accept_waiting(listener);
    close(listener->socket);
    close(listener->wake[0]);
    close(listener->wake[1]);
    return listener->handed;
}
