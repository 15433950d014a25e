// Which libmicrohttpd this works with. Tested: 0.9.75 (Debian 12) and 1.0.x (Debian 13, Homebrew), each on the Linux
// and the portable path. The header checked at build time and the library loaded at run time can differ (both
// versions have the soname libmicrohttpd.so.12), so both are checked; behaviour that differs between versions is
// decided at run time from MHD_get_version(), never from the header.

#include "shim_internal.h"

#include <stdio.h>

#if MHD_VERSION < 0x00097500
#error "libmicrohttpd 0.9.75 or later is needed (Debian 12: apt install libmicrohttpd-dev; macOS: brew install libmicrohttpd)"
#elif (MHD_VERSION >= 0x00097600 && MHD_VERSION < 0x01000000) || MHD_VERSION >= 0x01010000
#warning "this libmicrohttpd has not been tested with OpenMarket (tested: 0.9.75 and 1.0.x); run ./scripts/test"
#endif

// "1.0.1" as 0x01000100, the layout of MHD_VERSION; 0 when the text is not a version.
static unsigned long loaded_version(void) {
    static _Atomic unsigned long cached;
    unsigned long version = atomic_load(&cached);
    if (version != 0) return version;
    unsigned int major = 0, minor = 0, patch = 0;
    const char *text = MHD_get_version();
    if (text == NULL || sscanf(text, "%u.%u.%u", &major, &minor, &patch) != 3 || major > 255 || minor > 255 ||
        patch > 255) {
        return 0;
    }
    // Each part is two hex digits of its decimal value, as in MHD_VERSION (0.9.75 is 0x00097500).
    unsigned long packed = 0;
    const unsigned int parts[3] = {major, minor, patch};
    for (int index = 0; index < 3; index++) packed = (packed << 8) | ((parts[index] / 10) << 4) | (parts[index] % 10);
    version = packed << 8;
    atomic_store(&cached, version);
    return version;
}

bool shim_library_version_supported(char *error, size_t error_capacity) {
    unsigned long version = loaded_version();
    const char *text = MHD_get_version();
    if (version < 0x00097500) {
        if (error != NULL && error_capacity > 0) {
            snprintf(error, error_capacity,
                     "libmicrohttpd %s is too old: 0.9.75 or later is needed (Debian 12: apt install libmicrohttpd12; "
                     "macOS: brew install libmicrohttpd)",
                     text != NULL ? text : "of an unknown version");
        }
        return false;
    }
    bool tested = version == 0x00097500 || (version >= 0x01000000 && version < 0x01010000);
    static atomic_bool warned;
    if (!tested && !atomic_exchange(&warned, true)) {
        fprintf(stderr,
                "warning: libmicrohttpd %s has not been tested with OpenMarket (tested: 0.9.75 and 1.0.x); if a "
                "request gets an unexpected answer, install one of those\n",
                text);
    }
    return true;
}

bool shim_library_has_discipline_level(void) {
    return loaded_version() >= 0x01000000;  // Added after 0.9.77 was released; 1.0.0 is the next release.
}

bool shim_library_skips_nul_led_lines(void) {
    // 0.9.x reads a line that starts with a NUL byte as an empty one, which may come before a request line, and
    // waits for more; 1.0 closes the connection at once.
    return loaded_version() < 0x01000000;
}
