// The module is its header's inline functions; SwiftPM needs one source file to build a C target.
#include "openmarket_atomics.h"
