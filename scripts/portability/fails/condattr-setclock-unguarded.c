#include <pthread.h>
#include <time.h>

// Before issue 27 the shim's watchdog did this on every platform; macOS has no pthread_condattr_setclock.
int make_condition(pthread_cond_t *condition) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    return pthread_cond_init(condition, &attributes);
}
