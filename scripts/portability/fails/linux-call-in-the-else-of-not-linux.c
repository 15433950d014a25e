#include <sys/socket.h>

int accept_one(int listener) {
#if !defined(__linux__)
    return accept4(listener, 0, 0, SOCK_CLOEXEC);  /* the #if branch is the one Apple platforms compile */
#else
    return accept(listener, 0, 0);
#endif
}
