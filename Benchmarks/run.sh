#!/usr/bin/env bash
# Runs the PlistKit benchmarks against the peers a Linux user has, and writes the tables.
#
#   Benchmarks/run.sh            full run: small, medium and large corpora → Benchmarks/RESULTS.md
#   Benchmarks/run.sh --quick    small corpora only, in under a minute → Benchmarks/RESULTS-quick.md
#   Benchmarks/run.sh --only xml-to-binary,filter   some jobs only      → Benchmarks/RESULTS-partial.md
#   Benchmarks/run.sh --sizes small,medium          some corpus sizes only → Benchmarks/RESULTS-partial.md
#   Benchmarks/run.sh --baseline BIN [--baseline-search-bench BIN] [--no-peers] [--sizes …]
#       also runs another build's plistkit (an earlier commit's release binary) in the same
#       alternation, and adds a before/after table         → Benchmarks/RESULTS-baseline.md
#   Benchmarks/run.sh --codable      PlistCoding against Foundation's coders only → its section of RESULTS.md
#
# Only a full run writes RESULTS.md, so that a partial run never replaces the figures it quotes;
# --codable replaces only the Codable section (between its markers), which it measures whole.
#
# Peers: the toolchain's plutil, libplist's plistutil (Debian libplist-utils), Python's plistlib,
# nska_deserialize (PyPI) and grep. Missing ones are installed when possible and otherwise shown
# as "not installed" in the tables.
set -euo pipefail
cd "$(dirname "$0")/.."

quick=""
only=()
sizes=""
baseline=()
peers=()
codable=""
while [ $# -gt 0 ]; do
  case "$1" in
    --quick) quick="--quick" ;;
    --codable) codable=1 ;;
    --only) only=(--only "$2"); shift ;;
    --sizes) sizes="$2"; shift ;;
    --baseline) baseline+=(--baseline "$2"); shift ;;
    --baseline-search-bench) baseline+=(--baseline-search-bench "$2"); shift ;;
    --no-peers) peers=(--no-peers) ;;
    *)
      echo "usage: Benchmarks/run.sh [--quick] [--only JOB,...] [--sizes SIZE,...] [--codable] [--baseline BIN" \
        "[--baseline-search-bench BIN] [--no-peers]]" >&2
      exit 2 ;;
  esac
  shift
done

if [ ! -x /usr/bin/time ] && [ "$(id -u)" = 0 ]; then
  apt-get install -y -q time >/dev/null 2>&1 || (apt-get update -q >/dev/null && apt-get install -y -q time >/dev/null)
fi
if ! command -v plistutil >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get install -y -q libplist-utils >/dev/null 2>&1 || (apt-get update -q >/dev/null && apt-get install -y -q libplist-utils >/dev/null) || true
fi
python3 -c 'import nska_deserialize' 2>/dev/null || python3 -m pip install -q nska_deserialize >/dev/null 2>&1 || true

echo "building release..." >&2
swift build -c release --product plistcoding-benchmark >&2
if [ -n "$codable" ]; then
  bin="$(swift build -c release --show-bin-path)"
  exec python3 Benchmarks/bench.py --plistkit "$bin/plistkit" --corpora Benchmarks/corpora --out Benchmarks/RESULTS.md \
    --coding-bench "$bin/plistcoding-benchmark" --codable-only
fi
swift build -c release --product plistkit >&2
swift build -c release --product plistkit-benchmark >&2
bin="$(swift build -c release --show-bin-path)"

corpora=Benchmarks/corpora
if [ -n "$quick" ]; then
  python3 Benchmarks/generate.py "$corpora" --sizes small
  out=Benchmarks/RESULTS-quick.md
elif [ -n "$sizes" ]; then
  python3 Benchmarks/generate.py "$corpora" --sizes "$sizes"
  out=Benchmarks/RESULTS-partial.md
  only+=(--sizes "$sizes")
else
  python3 Benchmarks/generate.py "$corpora" --sizes small,medium,large
  out=Benchmarks/RESULTS.md
  if [ ${#only[@]} -gt 0 ]; then out=Benchmarks/RESULTS-partial.md; fi
fi

if [ ${#baseline[@]} -gt 0 ]; then out=Benchmarks/RESULTS-baseline.md; fi

python3 Benchmarks/bench.py --plistkit "$bin/plistkit" --corpora "$corpora" --out "$out" \
  --search-bench "$bin/plistkit-benchmark" --coding-bench "$bin/plistcoding-benchmark" $quick "${only[@]}" "${baseline[@]}" "${peers[@]}"
