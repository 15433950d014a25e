// Atomic loads and stores of a word, for values that every request reads and few writes change: a plain load on x86
// and arm64, where a lock would write to memory that every core shares. The standard library's Atomic needs macOS 15
// and iOS 18. The GCC/Clang __atomic builtins work on a plain field, so Swift sees ordinary integer pointers; the
// caller owns the memory and keeps it at one address (OpenMarketLocking's boxes allocate it).
#ifndef OPENMARKET_ATOMICS_H
#define OPENMARKET_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

static inline uint64_t openmarket_atomic_load(const uint64_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void openmarket_atomic_store(uint64_t *word, uint64_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

// Adds `amount` (wrapping) and returns the sum.
static inline uint64_t openmarket_atomic_add(uint64_t *word, uint64_t amount) {
    return __atomic_add_fetch(word, amount, __ATOMIC_ACQ_REL);
}

// Stores `desired` only if the word still holds `expected`; true when it did.
static inline bool openmarket_atomic_compare_exchange(uint64_t *word, uint64_t expected, uint64_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

#endif
