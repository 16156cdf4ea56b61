#!/bin/bash
# Runs the tests under a sanitizer, exactly as Documentation/reliability.md's "Fuzzing and sanitizers" says.
#
# Usage: scripts/sanitizers.sh address|thread
#   address  every suite under AddressSanitizer, with leak detection; the only leaks allowed
#            are the one-time allocations listed in scripts/asan-leak-suppressions.txt.
#            Builds into .build-asan/.
#   thread   ParallelConversionTests (every reader and writer from 64 concurrent tasks)
#            under ThreadSanitizer. Builds into .build-tsan/.
# Extra arguments go to `swift test` (for example `--filter PlistSchemaTests`).
# Exits non-zero when a test fails or the sanitizer reports anything.
set -eu
cd "$(dirname "$0")/.."
mode="${1:-}"
shift || true
case "$mode" in
  address)
    # The CLI tests run the instrumented plistkit binary, which inherits these options.
    export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0"
    export LSAN_OPTIONS="suppressions=$PWD/scripts/asan-leak-suppressions.txt:print_suppressions=0"
    exec swift test --sanitize=address --build-path .build-asan "$@"
    ;;
  thread)
    exec swift test --sanitize=thread --build-path .build-tsan --filter ParallelConversionTests "$@"
    ;;
  *)
    echo "usage: $0 address|thread [swift test arguments]" >&2
    exit 2
    ;;
esac
