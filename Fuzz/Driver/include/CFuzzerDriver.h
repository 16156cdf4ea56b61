#ifndef PLISTKIT_CFUZZERDRIVER_H
#define PLISTKIT_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

// SwiftPM links every executable with main aliased to <module>_main, so each fuzz target
// defines that one function and hands its command line here; this starts libFuzzer's driver
// on the target's LLVMFuzzerTestOneInput instead of relying on libFuzzer's own main.
int plistkit_fuzz_main(int argc, char **argv);

#endif
