#!/usr/bin/env bash
# Kills plistkit with SIGKILL at random moments while it writes a large file, and checks that
# the file is always either the old one or the complete new one, and that no temporary file
# is left beside it.
#
#   scripts/fault-injection.sh [RUNS] [SIZE_MB]
#
# RUNS kills per scenario (default 20), SIZE_MB the size of the XML plist (default 100).
# PLISTKIT names the binary (default .build/release/plistkit, else .build/debug/plistkit).
# Two scenarios: `convert FILE --to binary -o FILE` (onto its own input) and an in-place
# `set FILE KEYPATH VALUE`. Each run's kill moment is uniform over the time an unkilled run
# takes. Prints one line per scenario: runs, killed, old, new, corrupt, stray files.
set -euo pipefail
runs=${1:-20}
size_mb=${2:-100}
root=$(cd "$(dirname "$0")/.." && pwd)
binary=${PLISTKIT:-}
if [[ -z $binary ]]; then
  binary=$root/.build/release/plistkit
  [[ -x $binary ]] || binary=$root/.build/debug/plistkit
fi
[[ -x $binary ]] || { echo "fault-injection: no plistkit binary (swift build first)" >&2; exit 2; }
work=$(mktemp -d "${TMPDIR:-/tmp}/plistkit-faults.XXXXXX")
trap 'rm -rf "$work"' EXIT

python3 - "$work/original.plist" "$size_mb" <<'PY'
import plistlib, sys
path, size = sys.argv[1], int(sys.argv[2]) * 1_000_000
# About 190 bytes of XML per record.
count = max(1000, size // 190)
records = [{"id": i, "name": f"name {i} \u00fc", "flag": i % 2 == 0, "score": i / 7} for i in range(count)]
with open(path, "wb") as f:
    plistlib.dump(records, f, fmt=plistlib.FMT_XML)
PY

digest() { sha256sum "$1" | cut -d' ' -f1; }
now() { date +%s.%N; }
old=$(digest "$work/original.plist")
bytes=$(stat -c %s "$work/original.plist")
echo "binary: $binary"
echo "input: $bytes bytes of XML; $runs kills per scenario"

scenario() {
  local name=$1; shift
  local dir=$work/$name target
  mkdir -p "$dir"
  target=$dir/file.plist
  cp "$work/original.plist" "$target"
  local start end duration new
  start=$(now)
  "$binary" "$@" >/dev/null 2>&1 <<<"" || { echo "$name: the unkilled run failed" >&2; exit 1; }
  end=$(now)
  duration=$(echo "$end - $start" | bc -l)
  new=$(digest "$target")
  local killed=0 same=0 replaced=0 corrupt=0 stray=0
  for ((run = 0; run < runs; run++)); do
    cp "$work/original.plist" "$target"
    local delay
    delay=$(python3 -c "import random; print(random.uniform(0, $duration))")
    "$binary" "$@" >/dev/null 2>&1 &
    local pid=$!
    sleep "$delay"
    if kill -KILL "$pid" 2>/dev/null; then killed=$((killed + 1)); fi
    wait "$pid" 2>/dev/null || true
    case $(digest "$target") in
      "$old") same=$((same + 1)) ;;
      "$new") replaced=$((replaced + 1)) ;;
      *) corrupt=$((corrupt + 1)) ;;
    esac
    local extra
    extra=$(find "$dir" -mindepth 1 ! -name file.plist | wc -l)
    if ((extra > 0)); then
      stray=$((stray + extra))
      find "$dir" -mindepth 1 ! -name file.plist -delete
    fi
  done
  printf '%-8s unkilled %.2f s  runs %d  killed %d  old %d  new %d  corrupt %d  stray files %d\n' \
    "$name" "$duration" "$runs" "$killed" "$same" "$replaced" "$corrupt" "$stray"
  ((corrupt == 0 && stray == 0))
}

status=0
scenario convert convert "$work/convert/file.plist" --to binary -o "$work/convert/file.plist" || status=1
scenario set set "$work/set/file.plist" 1000.name changed --type string || status=1
exit $status
