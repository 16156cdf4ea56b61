#ifndef PLISTKIT_CFUZZERDRIVER_H
#define PLISTKIT_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

// libFuzzer's driver (in the toolchain's libclang_rt.fuzzer). SwiftPM links every executable
// with main aliased to <module>_main, so a fuzz target defines that function and hands over
// to the driver instead of relying on libFuzzer's own main.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
