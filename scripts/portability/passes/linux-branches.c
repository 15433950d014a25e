/* epoll, accept4 and /proc in comments are fine: only code counts. */
#include <pthread.h>
#include <time.h>
#ifdef __linux__
#include <sys/epoll.h>
#else
#include <sys/event.h>
#endif
#include <sys/socket.h>

#if defined(__linux__) && !defined(NO_CLOEXEC)
#define SOCKET_FLAGS SOCK_CLOEXEC
#elif defined(__APPLE__)
#define SOCKET_FLAGS 0
#else
#define SOCKET_FLAGS 0
#endif

int make_condition(pthread_cond_t *condition) {
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
#ifndef __linux__
    // Apple: pthread_cond_timedwait waits on the wall clock.
#else
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
#endif
    return pthread_cond_init(condition, &attributes);
}

const char *where = "see https://example.org//proc"; // a string with // inside
#if 0
int never(void) { return pipe2(0, 0); }
#endif
