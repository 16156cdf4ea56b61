// Extended attributes, which the Swift overlays of the C library do not import. On Linux
// they are part of the C library itself, so nothing is linked.
#if defined(__linux__)
#include <sys/xattr.h>
#endif
