// Which libmicrohttpd this works with. Tested: 0.9.75 (Debian 12) and 1.0.x (Debian 13, Homebrew). The header
// checked at build time and the library loaded at run time can differ (both have the soname libmicrohttpd.so.12).

#include "shim_internal.h"

#include <stdio.h>

#if MHD_VERSION < 0x00097500
#error "libmicrohttpd 0.9.75 or later is needed (Debian 12: apt install libmicrohttpd-dev; macOS: brew install libmicrohttpd)"
#elif (MHD_VERSION >= 0x00097600 && MHD_VERSION < 0x01000000) || MHD_VERSION >= 0x01010000
#warning "this libmicrohttpd has not been tested with OpenMarket (tested: 0.9.75 and 1.0.x); run ./scripts/test"
#endif

bool shim_library_version_supported(char *error, size_t error_capacity) {
    const char *text = MHD_get_version();
    unsigned int major = 0, minor = 0, patch = 0;
    if (text == NULL || sscanf(text, "%u.%u.%u", &major, &minor, &patch) != 3) major = minor = patch = 0;
    unsigned long version = (unsigned long)major * 1000000ul + minor * 1000ul + patch;
    // A library older than the header would refuse options the header names (the client discipline level).
    unsigned long built = MHD_VERSION >= 0x00097701 ? 9077ul : 9075ul;
    if (version < built) {
        if (error != NULL && error_capacity > 0) {
            snprintf(error, error_capacity,
                     "libmicrohttpd %s is too old: %s or later is needed (Debian: apt install libmicrohttpd12; "
                     "macOS: brew install libmicrohttpd)",
                     text != NULL ? text : "of an unknown version", built == 9077ul ? "0.9.77" : "0.9.75");
        }
        return false;
    }
    bool tested = version == 9075ul || (major == 1 && minor == 0);
    static atomic_bool warned;
    if (!tested && !atomic_exchange(&warned, true)) {
        fprintf(stderr,
                "warning: libmicrohttpd %s has not been tested with OpenMarket (tested: 0.9.75 and 1.0.x); if a "
                "request gets an unexpected answer, install one of those\n",
                text);
    }
    return true;
}
