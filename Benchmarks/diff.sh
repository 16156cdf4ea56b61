#!/usr/bin/env bash
# The diff and merge benchmark (Benchmarks/diff.py): release build, corpora, Benchmarks/DIFF-RESULTS.md.
#
#   Benchmarks/diff.sh                 about 100 MB files (the large records corpus)
#   Benchmarks/diff.sh --sizes medium  about 10 MB, for a quick look → Benchmarks/DIFF-RESULTS-partial.md
#   Benchmarks/diff.sh --rounds 1      measured rounds after the warm-up (default 3)
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=large
rounds=3
out=Benchmarks/DIFF-RESULTS.md
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes) sizes="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    *) echo "usage: Benchmarks/diff.sh [--sizes small|medium|large] [--rounds N]" >&2; exit 2 ;;
  esac
done
[ "$sizes" = large ] || out=Benchmarks/DIFF-RESULTS-partial.md
echo "building release..." >&2
swift build -c release --product plistkit >&2
bin="$(swift build -c release --show-bin-path)"
python3 Benchmarks/diff.py --plistkit "$bin/plistkit" --corpora Benchmarks/corpora --sizes "$sizes" --rounds "$rounds" --out "$out"
