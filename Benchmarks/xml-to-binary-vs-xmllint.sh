#!/bin/bash
# XML to binary while reading (`plistkit convert --to binary`) beside libxml2's own streaming
# parse of the same file (`xmllint --stream --noout`), which is the floor for any converter on
# libxml2: CPU seconds (user + system) of RUNS interleaved runs, their minimum and median, and
# the ratio. With BASELINE, a second plistkit binary is timed in the same rounds.
# Usage: Benchmarks/xml-to-binary-vs-xmllint.sh [RUNS] [FILE] [BASELINE]
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-7}"
file="${2:-Benchmarks/corpora/records-large.xml}"
baseline="${3:-}"
[ -f "$file" ] || python3 Benchmarks/generate.py >/dev/null
swift build -c release --product plistkit >/dev/null
binary="$(swift build -c release --show-bin-path)/plistkit"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# cpu COMMAND...: CPU seconds (user + system) of one run.
cpu() {
  /usr/bin/time -f "%U %S" -o "$scratch/time" "$@" > /dev/null
  awk '{ printf "%.2f\n", $1 + $2 }' "$scratch/time"
}

for _ in $(seq "$runs"); do
  cpu "$binary" convert "$file" --to binary -o "$scratch/out.bplist" >> "$scratch/plistkit"
  if [ -n "$baseline" ]; then
    cpu "$baseline" convert "$file" --to binary -o "$scratch/base.bplist" >> "$scratch/baseline"
  fi
  cpu xmllint --stream --noout "$file" >> "$scratch/xmllint"
done

# stats NAME: "min median" of the runs recorded for NAME.
stats() { sort -n "$scratch/$1" | awk '{ v[NR] = $1 } END { printf "%.2f %.2f\n", v[1], v[int((NR + 1) / 2)] }'; }
read -r xmin xmed < <(stats xmllint)
echo "| program | CPU min (s) | CPU median (s) | ÷ xmllint (min / median) |"
echo "|---|---:|---:|---:|"
echo "| xmllint --stream --noout | $xmin | $xmed | 1 |"
row() {
  read -r min med < <(stats "$2")
  awk -v n="$1" -v a="$min" -v b="$med" -v c="$xmin" -v d="$xmed" \
    'BEGIN { printf "| %s | %.2f | %.2f | %.2f× / %.2f× |\n", n, a, b, a / c, b / d }'
}
row "plistkit convert --to binary" plistkit
if [ -n "$baseline" ]; then row "baseline convert --to binary" baseline; fi
echo
echo "$(basename "$file"), $(wc -c < "$file") bytes, $runs interleaved runs; load average $(cut -d' ' -f1-3 /proc/loadavg)."
