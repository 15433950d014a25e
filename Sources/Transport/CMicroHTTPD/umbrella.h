// libmicrohttpd needs the socket types declared before its own header.
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>
