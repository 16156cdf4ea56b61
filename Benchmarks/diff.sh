#!/usr/bin/env bash
# The diff and merge benchmark (Benchmarks/diff.py): release build, corpora, Benchmarks/DIFF-RESULTS.md.
#
#   Benchmarks/diff.sh                 about 100 MB files (the large records corpus)
#   Benchmarks/diff.sh --sizes medium  about 10 MB, for a quick look → Benchmarks/DIFF-RESULTS-partial.md
set -euo pipefail
cd "$(dirname "$0")/.."
sizes=large
out=Benchmarks/DIFF-RESULTS.md
if [ "${1:-}" = "--sizes" ]; then
  sizes="$2"
  [ "$sizes" = large ] || out=Benchmarks/DIFF-RESULTS-partial.md
fi
echo "building release..." >&2
swift build -c release --product plistkit >&2
bin="$(swift build -c release --show-bin-path)"
python3 Benchmarks/diff.py --plistkit "$bin/plistkit" --corpora Benchmarks/corpora --sizes "$sizes" --out "$out"
