// Delayed answers without a worker thread per delay. A delayed request's answer is already made (a write has been
// done); its connection is suspended with MHD_suspend_connection and one timer thread resumes it when due, after
// which libmicrohttpd calls the access handler again and the shim sends the kept answer.
//
// Lifetimes: a delayed_connection record is allocated here when a connection is suspended and freed here by the
// timer thread right after it resumes that connection (when stopping, it resumes all that remain at once; a delay
// asked for after that is resumed and freed by shim_delays_add itself).
// The connection itself stays owned by libmicrohttpd; it cannot close while suspended, so the pointer stays valid
// until it is resumed. The kept answer lives in the request's state (http_shim.c), not here.

#include "shim_internal.h"

#include <stdlib.h>
#include <time.h>

struct delayed_connection {
    struct MHD_Connection *connection;
    uint64_t due_milliseconds;  // On the monotonic clock of shim_monotonic_milliseconds.
    struct delayed_connection *next;
};

static void resume_and_free(struct delayed_connection *record) {
    MHD_resume_connection(record->connection);
    free(record);
}

// Takes every record that is due (all of them when stopping) off the list, under the lock; resumed after it.
static struct delayed_connection *take_due(delay_timer *timer, uint64_t now, uint64_t *next_due) {
    struct delayed_connection *due = NULL;
    struct delayed_connection **link = &timer->head;
    *next_due = UINT64_MAX;
    while (*link != NULL) {
        struct delayed_connection *record = *link;
        if (timer->stopping || record->due_milliseconds <= now) {
            *link = record->next;
            record->next = due;
            due = record;
        } else {
            if (record->due_milliseconds < *next_due) *next_due = record->due_milliseconds;
            link = &record->next;
        }
    }
    return due;
}

// The condition variable's clock: monotonic where it can be chosen (Linux), the wall clock elsewhere (macOS).
#ifdef __linux__
enum { WAIT_CLOCK = CLOCK_MONOTONIC };
#else
enum { WAIT_CLOCK = CLOCK_REALTIME };
#endif

static void wait_until(delay_timer *timer, uint64_t due_milliseconds) {
    if (due_milliseconds == UINT64_MAX) {
        pthread_cond_wait(&timer->wake, &timer->lock);
        return;
    }
    uint64_t now = shim_monotonic_milliseconds();
    uint64_t remaining = due_milliseconds > now ? due_milliseconds - now : 0;
    struct timespec until;
    clock_gettime(WAIT_CLOCK, &until);
    uint64_t nanoseconds = (uint64_t)until.tv_nsec + (remaining % 1000) * 1000000u;
    until.tv_sec += (time_t)(remaining / 1000 + nanoseconds / 1000000000u);
    until.tv_nsec = (long)(nanoseconds % 1000000000u);
    pthread_cond_timedwait(&timer->wake, &timer->lock, &until);
}

static void *run_timer(void *argument) {
    delay_timer *timer = argument;
    pthread_mutex_lock(&timer->lock);
    for (;;) {
        uint64_t next_due;
        struct delayed_connection *due = take_due(timer, shim_monotonic_milliseconds(), &next_due);
        if (due != NULL) {
            // Resumed outside the lock, then the list is looked at afresh: it may have grown meanwhile.
            pthread_mutex_unlock(&timer->lock);
            while (due != NULL) {
                struct delayed_connection *next = due->next;
                resume_and_free(due);
                due = next;
            }
            pthread_mutex_lock(&timer->lock);
            continue;
        }
        if (timer->stopping) break;  // Stopping takes every record, so none is left behind.
        wait_until(timer, next_due);
    }
    pthread_mutex_unlock(&timer->lock);
    return NULL;
}

int shim_delays_start(delay_timer *timer) {
    timer->head = NULL;
    timer->stopping = false;
    pthread_condattr_t attributes;
    if (pthread_condattr_init(&attributes) != 0) return -1;
#ifdef __linux__
    pthread_condattr_setclock(&attributes, WAIT_CLOCK);
#endif
    int failed = pthread_mutex_init(&timer->lock, NULL) != 0 || pthread_cond_init(&timer->wake, &attributes) != 0;
    pthread_condattr_destroy(&attributes);
    if (failed) return -1;
    return pthread_create(&timer->thread, NULL, run_timer, timer) == 0 ? 0 : -1;
}

bool shim_delays_add(delay_timer *timer, struct MHD_Connection *connection, unsigned int delay_milliseconds) {
    struct delayed_connection *record = malloc(sizeof *record);
    if (record == NULL) return false;
    record->connection = connection;
    // The clock reads whole milliseconds, rounded down: one more keeps a delay from ever being shorter than asked.
    record->due_milliseconds = shim_monotonic_milliseconds() + delay_milliseconds + 1;
    // Suspended before it is listed, so the timer never resumes a connection that is not yet suspended.
    MHD_suspend_connection(connection);
    pthread_mutex_lock(&timer->lock);
    if (timer->stopping) {
        // The timer is gone or going: answer now rather than leave the connection suspended past the stop.
        pthread_mutex_unlock(&timer->lock);
        resume_and_free(record);
        return true;
    }
    record->next = timer->head;
    timer->head = record;
    pthread_cond_signal(&timer->wake);
    pthread_mutex_unlock(&timer->lock);
    return true;
}

void shim_delays_stop(delay_timer *timer) {
    pthread_mutex_lock(&timer->lock);
    timer->stopping = true;
    pthread_cond_signal(&timer->wake);
    pthread_mutex_unlock(&timer->lock);
    pthread_join(timer->thread, NULL);
}

void shim_delays_free(delay_timer *timer) {
    pthread_cond_destroy(&timer->wake);
    pthread_mutex_destroy(&timer->lock);
}
