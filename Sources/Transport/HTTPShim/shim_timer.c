// Suspended connections and the one thread that resumes them when due: a delayed answer (its connection is
// suspended once the answer is made) and a paced body (suspended once a slice's bytes are read or sent). No thread
// waits per connection.
//
// Lifetimes: an entry is allocated when a connection is suspended and freed by whoever resumes it (the timer thread,
// or shim_timer_suspend itself once stopping). The connection stays libmicrohttpd's; a suspended connection cannot
// close, so the pointer stays valid until it is resumed.

#include "shim_internal.h"

#include <stdlib.h>

struct timer_entry {
    struct MHD_Connection *connection;
    uint64_t due;
    struct timer_entry *next;
};

static void *run_timer(void *argument) {
    shim_timer *timer = argument;
    pthread_mutex_lock(&timer->monitor.lock);
    for (;;) {
        struct timer_entry *first = timer->head;
        if (first != NULL && (timer->stopping || first->due <= shim_now_milliseconds())) {
            timer->head = first->next;
            // Resumed outside the lock: libmicrohttpd takes its own locks, and a content reader may suspend again.
            pthread_mutex_unlock(&timer->monitor.lock);
            MHD_resume_connection(first->connection);
            free(first);
            pthread_mutex_lock(&timer->monitor.lock);
            continue;
        }
        if (timer->stopping) break;
        shim_monitor_wait(&timer->monitor, first != NULL ? first->due : UINT64_MAX);
    }
    pthread_mutex_unlock(&timer->monitor.lock);
    return NULL;
}

int shim_timer_start(shim_timer *timer) {
    timer->head = NULL;
    timer->stopping = false;
    if (shim_monitor_init(&timer->monitor) != 0) return -1;
    if (pthread_create(&timer->thread, NULL, run_timer, timer) == 0) return 0;
    shim_monitor_destroy(&timer->monitor);
    return -1;
}

void shim_timer_suspend(shim_timer *timer, struct MHD_Connection *connection, uint64_t due) {
    // Suspended before it is listed, so the timer never resumes a connection that is not suspended yet. Without
    // memory for the entry the connection is not suspended: the answer goes out now, the body at full speed.
    struct timer_entry *entry = malloc(sizeof *entry);
    if (entry == NULL) return;
    entry->connection = connection;
    entry->due = due;
    MHD_suspend_connection(connection);
    pthread_mutex_lock(&timer->monitor.lock);
    if (timer->stopping) {
        pthread_mutex_unlock(&timer->monitor.lock);
        MHD_resume_connection(connection);
        free(entry);
        return;
    }
    struct timer_entry **link = &timer->head;
    while (*link != NULL && (*link)->due <= due) link = &(*link)->next;
    entry->next = *link;
    *link = entry;
    if (timer->head == entry) pthread_cond_signal(&timer->monitor.wake);
    pthread_mutex_unlock(&timer->monitor.lock);
}

void shim_timer_stop(shim_timer *timer) {
    pthread_mutex_lock(&timer->monitor.lock);
    timer->stopping = true;
    pthread_cond_signal(&timer->monitor.wake);
    pthread_mutex_unlock(&timer->monitor.lock);
    pthread_join(timer->thread, NULL);
}

void shim_timer_free(shim_timer *timer) {
    shim_monitor_destroy(&timer->monitor);
}
