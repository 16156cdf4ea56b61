#!/bin/bash
# `plistkit strings format` (read and write) and `plistkit strings check` on a generated String
# Catalog: wall and CPU time and peak memory (medians of RUNS runs), beside Python's json load
# and dump of the same file. Targets: read and write within 1 s, check within 1 s, memory within
# 3× the file.
# Usage: Benchmarks/strings.sh [KEYS] [LANGUAGES] [RUNS]   (20000 × 20 make about 55 MB)
#        results are printed; Benchmarks/RESULTS-strings.md holds the last full run.
set -euo pipefail
cd "$(dirname "$0")/.."
keys="${1:-20000}"
languages="${2:-20}"
runs="${3:-5}"
swift build -c release --product plistkit >/dev/null
binary="$(swift build -c release --show-bin-path)/plistkit"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 Benchmarks/generate_xcstrings.py "$keys" "$languages" > "$scratch/Localizable.xcstrings"
bytes=$(wc -c < "$scratch/Localizable.xcstrings")

# measure LABEL COMMAND...: the medians of wall seconds, CPU seconds and peak kilobytes.
measure() {
  local label="$1"
  shift
  local walls=() cpus=() peaks=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$scratch/time" "$@" > /dev/null || true
    # time(1) puts "Command exited with non-zero status 1" first when the check fails.
    read -r wall user system peak < <(tail -n 1 "$scratch/time")
    walls+=("$wall")
    cpus+=("$(printf '%.2f' "$(echo "$user + $system" | bc)")")
    peaks+=("$peak")
  done
  median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
  local peak
  peak=$(median "${peaks[@]}")
  printf '| %s | %s s | %s s | %d MB (%.1f× the file) |\n' "$label" "$(median "${walls[@]}")" \
    "$(median "${cpus[@]}")" $((peak / 1024)) "$(echo "$peak * 1024 / $bytes" | bc -l)"
}

problems=$("$binary" strings check "$scratch/Localizable.xcstrings" | wc -l || true)
echo "$(date -u +%F), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo "Catalog: $keys strings × $languages languages, $bytes bytes (\`Benchmarks/generate_xcstrings.py\`), $problems problems; medians of $runs runs."
echo
echo "| command | wall | CPU (user + system) | peak memory |"
echo "|---|---:|---:|---:|"
# The generator writes its keys out of Xcode's order, so this format sorts 20,000 keys; a catalog
# Xcode wrote is in its order already, as the formatted copy is.
measure "\`plistkit strings format -o out.xcstrings\` (read, sort the keys, write)" \
  "$binary" strings format "$scratch/Localizable.xcstrings" -o "$scratch/out.xcstrings"
"$binary" strings format "$scratch/Localizable.xcstrings" -o "$scratch/Xcode.xcstrings"
measure "\`plistkit strings format -o out.xcstrings\` of a catalog in Xcode's order (read and write)" \
  "$binary" strings format "$scratch/Xcode.xcstrings" -o "$scratch/out.xcstrings"
measure "\`plistkit strings check\` ($problems problems printed)" "$binary" strings check "$scratch/Localizable.xcstrings"
measure "\`plistkit strings check --format json\`" "$binary" strings check --format json "$scratch/Localizable.xcstrings"
measure "\`plistkit strings search TERM\`" "$binary" strings search "$scratch/Localizable.xcstrings" "délai"
measure "\`plistkit lint\` (the JSON reader alone)" "$binary" lint "$scratch/Localizable.xcstrings"
measure "Python \`json.load\` + \`json.dump\`" python3 -c \
  "import json, sys; d = json.load(open(sys.argv[1], encoding='utf-8')); json.dump(d, open(sys.argv[2], 'w', encoding='utf-8'), ensure_ascii=False, indent=2, separators=(',', ' : '))" \
  "$scratch/Localizable.xcstrings" "$scratch/python.xcstrings"
