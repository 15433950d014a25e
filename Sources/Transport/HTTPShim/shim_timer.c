// The timer thread, which resumes suspended connections when due, and the threads' timed waits: each deadline is
// computed on the clock the condition waits on, monotonic on Linux (pthread_condattr_setclock), the wall clock on
// macOS (which cannot choose). An entry is allocated when a connection is suspended and freed by whoever resumes it
// (the timer, or shim_timer_suspend once stopping); a suspended connection cannot close, so its pointer stays valid.

#include "shim_internal.h"

uint64_t shim_now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

// Linux reads the same clock from the last tick (a few milliseconds behind, a fifth of a precise reading's cost), as
// libmicrohttpd reads it for its own timeouts; macOS has no coarse reading of this clock, so it reads it precisely.
uint64_t shim_coarse_now_milliseconds(void) {
#if defined(__linux__)
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC_COARSE, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
#else
    return shim_now_milliseconds();
#endif
}

#if defined(__linux__)
static const clockid_t wait_clock = CLOCK_MONOTONIC;
#else
static const clockid_t wait_clock = CLOCK_REALTIME;  // macOS has no pthread_condattr_setclock: the wall clock.
#endif

int shim_monitor_start(shim_monitor *monitor, void *(*run)(void *), void *argument) {
    monitor->stopping = false;
    pthread_condattr_t attributes;
    if (pthread_condattr_init(&attributes) != 0) return -1;
    bool clocked = true;
#if defined(__linux__)
    clocked = pthread_condattr_setclock(&attributes, wait_clock) == 0;
#endif
    bool locked = clocked && pthread_mutex_init(&monitor->lock, NULL) == 0;
    bool ready = locked && pthread_cond_init(&monitor->wake, &attributes) == 0;
    pthread_condattr_destroy(&attributes);
    if (ready && pthread_create(&monitor->thread, NULL, run, argument) == 0) return 0;
    if (ready) pthread_cond_destroy(&monitor->wake);
    if (locked) pthread_mutex_destroy(&monitor->lock);
    return -1;
}

void shim_monitor_wait(shim_monitor *monitor, uint64_t due) {
    if (due == UINT64_MAX) {
        pthread_cond_wait(&monitor->wake, &monitor->lock);
        return;
    }
    uint64_t now = shim_now_milliseconds();
    uint64_t remaining = due > now ? due - now : 0;
    struct timespec until;
    clock_gettime(wait_clock, &until);
    uint64_t nanoseconds = (uint64_t)until.tv_nsec + (remaining % 1000u) * 1000000u;
    until.tv_sec += (time_t)(remaining / 1000u + nanoseconds / 1000000000u);
    until.tv_nsec = (long)(nanoseconds % 1000000000u);
    pthread_cond_timedwait(&monitor->wake, &monitor->lock, &until);
}

void shim_monitor_stop(shim_monitor *monitor) {
    pthread_mutex_lock(&monitor->lock);
    monitor->stopping = true;
    pthread_cond_broadcast(&monitor->wake);
    pthread_mutex_unlock(&monitor->lock);
    pthread_join(monitor->thread, NULL);
}

void shim_monitor_destroy(shim_monitor *monitor) {
    pthread_cond_destroy(&monitor->wake);
    pthread_mutex_destroy(&monitor->lock);
}

struct timer_entry {
    struct MHD_Connection *connection;
    uint64_t due;
    struct timer_entry *next;
};

void *shim_run_timer(void *argument) {
    shim_timer *timer = argument;
    pthread_mutex_lock(&timer->monitor.lock);
    for (;;) {
        struct timer_entry *first = timer->head;
        if (first != NULL && (timer->monitor.stopping || first->due <= shim_now_milliseconds())) {
            timer->head = first->next;
            // Resumed outside the lock: libmicrohttpd takes its own locks, and a content reader may suspend again.
            pthread_mutex_unlock(&timer->monitor.lock);
            MHD_resume_connection(first->connection);
            free(first);
            pthread_mutex_lock(&timer->monitor.lock);
            continue;
        }
        if (timer->monitor.stopping) break;
        shim_monitor_wait(&timer->monitor, first != NULL ? first->due : UINT64_MAX);
    }
    pthread_mutex_unlock(&timer->monitor.lock);
    return NULL;
}

bool shim_timer_suspend(shim_timer *timer, struct MHD_Connection *connection, uint64_t due) {
    // Suspended before it is listed, so the timer never resumes a connection that is not suspended yet. Without
    // memory for the entry the connection is not suspended: the answer goes out now, the body at full speed.
    struct timer_entry *entry = malloc(sizeof *entry);
    if (entry == NULL) return false;
    *entry = (struct timer_entry){.connection = connection, .due = due};
    MHD_suspend_connection(connection);
    pthread_mutex_lock(&timer->monitor.lock);
    if (timer->monitor.stopping) {
        pthread_mutex_unlock(&timer->monitor.lock);
        MHD_resume_connection(connection);
        free(entry);
        return false;
    }
    struct timer_entry **link = &timer->head;
    while (*link != NULL && (*link)->due <= due) link = &(*link)->next;
    entry->next = *link;
    *link = entry;
    if (timer->head == entry) pthread_cond_signal(&timer->monitor.wake);
    pthread_mutex_unlock(&timer->monitor.lock);
    return true;
}
