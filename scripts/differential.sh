#!/bin/bash
# Differential testing at full size: 10,000 random plists through PlistKit, Foundation's
# PropertyListSerialization and Python's plistlib (binary and XML, both ways), and 10,000
# random object graphs through PlistKit's KeyedArchive and Foundation's NSKeyedArchiver and
# NSKeyedUnarchiver (both ways). `swift test` runs a small slice of the same tests.
#
# Usage: scripts/differential.sh [COUNT]    (COUNT defaults to 10000)
#   PLISTKIT_DIFFERENTIAL_SEED=S   another seed (each failure prints its seed and index)
#   PLISTKIT_DIFFERENTIAL_INDEX=I  replay one value or graph
# Prints, per direction, how many values were checked, excluded (a format's or a peer's
# documented limit left nothing to send) and failed; exits non-zero on any failure.
set -u
cd "$(dirname "$0")/.."
export PLISTKIT_DIFFERENTIAL_COUNT="${1:-10000}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift build --build-tests > "$log" 2>&1 || status=$?
if [ "$status" = 0 ]; then
  for suite in PlistKitTests.DifferentialTests KeyedArchiveTests.DifferentialArchiveTests; do
    swift test --skip-build --filter "$suite" >> "$log" 2>&1 || status=$?
  done
fi
grep -E '^(✘|✔) Test run|recorded an issue|^↳ .*PLISTKIT_DIFFERENTIAL_INDEX' "$log" | head -40
echo
echo "Differential run: $PLISTKIT_DIFFERENTIAL_COUNT values per direction, seed ${PLISTKIT_DIFFERENTIAL_SEED:-default}"
grep '^differential: ' "$log" | sed 's/^differential: /  /' | sort
if ! grep -q '^differential: ' "$log"; then
  echo "no differential figures were printed; the build or the run failed:" >&2
  tail -30 "$log" >&2
  status=1
fi
exit "$status"
