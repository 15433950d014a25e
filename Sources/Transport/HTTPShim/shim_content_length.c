// The one rule for a Content-Length that is not a length, shared by the Linux path (which judges the header
// libmicrohttpd parsed) and the portable path's gate (which judges the raw bytes before libmicrohttpd sees them).

#include "shim_internal.h"

#include <string.h>

bool shim_is_bad_content_length(const char *value, size_t length) {
    size_t digits = 0;
    while (digits < length && value[digits] >= '0' && value[digits] <= '9') digits++;
    if (digits == 0 || digits != length) return true;
    while (digits > 1 && *value == '0') {  // Leading zeros say nothing about the size.
        value++;
        digits--;
    }
    static const char largest[] = "18446744073709551615";  // 2^64 - 1, as many digits as any larger value needs.
    return digits > sizeof largest - 1 || (digits == sizeof largest - 1 && memcmp(value, largest, digits) > 0);
}
