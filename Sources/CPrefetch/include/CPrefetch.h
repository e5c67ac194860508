#ifndef SAMPLEPIPES_CPREFETCH_H
#define SAMPLEPIPES_CPREFETCH_H

/// Asks the processor to bring the cache line at `address` into its caches ahead of a read.
/// Swift has no prefetch: clang's `_mm_prefetch` is a macro, which Swift does not import, and the
/// declaration `_m_prefetch` it does import is dropped as a call without effect. Never faults.
static inline __attribute__((always_inline)) void samplepipes_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#endif
