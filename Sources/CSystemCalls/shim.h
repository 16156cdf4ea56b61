// Calls of the C library that the Swift overlays of the C library do not import. On Linux
// they are part of the C library itself, so nothing is linked.

// A hint to bring the cache line at `address` toward the cache, which Swift has no word for: a
// large table's lookup starts the read well before it needs the value. It never faults.
static inline void plistkit_prefetch(const void *address) {
  __builtin_prefetch(address, 0, 3);
}

#if defined(__linux__)
#include <stddef.h>
// Extended attributes, which an atomic replace keeps.
#include <sys/xattr.h>

// `mremap`, which the C library declares only for _GNU_SOURCE (the overlays are built without
// it): a large buffer grows by moving its pages rather than copying them.
// Declared here as a wrapper, since Swift does not call a variadic C function.
extern void *mremap(void *old_address, size_t old_size, size_t new_size, int flags, ...);
static inline void *plistkit_mremap_maymove(void *old_address, size_t old_size, size_t new_size) {
  return mremap(old_address, old_size, new_size, 1 /* MREMAP_MAYMOVE */);
}
#endif
