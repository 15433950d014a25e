// Timed waits that are right on Linux and macOS. pthread_cond_timedwait takes an absolute time on the condition's
// clock: Linux lets the condition use the monotonic clock (pthread_condattr_setclock), macOS has no such call and
// always waits on the wall clock. Each deadline is therefore computed on the clock the condition waits on.

#include "shim_internal.h"

#include <stdint.h>

uint64_t shim_now_milliseconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (uint64_t)now.tv_sec * 1000u + (uint64_t)now.tv_nsec / 1000000u;
}

int shim_monitor_init(shim_monitor *monitor) {
    pthread_condattr_t attributes;
    if (pthread_condattr_init(&attributes) != 0) return -1;
    int failed = 0;
#if defined(__linux__)
    failed = pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC) != 0;
#else
    // macOS has no pthread_condattr_setclock: its conditions wait on the wall clock (wait_clock below).
#endif
    if (!failed) failed = pthread_mutex_init(&monitor->lock, NULL) != 0;
    if (!failed && pthread_cond_init(&monitor->wake, &attributes) != 0) {
        pthread_mutex_destroy(&monitor->lock);
        failed = 1;
    }
    pthread_condattr_destroy(&attributes);
    return failed ? -1 : 0;
}

void shim_monitor_destroy(shim_monitor *monitor) {
    pthread_cond_destroy(&monitor->wake);
    pthread_mutex_destroy(&monitor->lock);
}

#if defined(__linux__)
static const clockid_t wait_clock = CLOCK_MONOTONIC;
#else
static const clockid_t wait_clock = CLOCK_REALTIME;  // What macOS's pthread_cond_timedwait measures against.
#endif

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
