#if HAVE_EPOLL
#include <sys/epoll.h>
#endif
