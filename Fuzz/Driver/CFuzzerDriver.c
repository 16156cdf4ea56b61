#include "CFuzzerDriver.h"

// From libFuzzer (the toolchain's libclang_rt.fuzzer).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
// Defined by each fuzz target, in Swift, with @_cdecl.
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int plistkit_fuzz_main(int argc, char **argv) {
  return LLVMFuzzerRunDriver(&argc, &argv, LLVMFuzzerTestOneInput);
}
