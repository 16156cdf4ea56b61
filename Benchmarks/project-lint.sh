#!/bin/bash
# `plistkit lint --project` on a generated project file in Xcode's layout: wall and CPU time and
# peak memory (medians of RUNS runs), beside the plain `lint` of the same file and, with
# --with-kin, the kin verifier (one run: it takes minutes).
# Usage: Benchmarks/project-lint.sh [--with-kin] [FILES] [RUNS]   (53000 files make 23 MB)
set -euo pipefail
cd "$(dirname "$0")/.."
with_kin=0
if [ "${1:-}" = "--with-kin" ]; then with_kin=1; shift; fi
files="${1:-53000}"
runs="${2:-5}"
swift build -c release --product plistkit >/dev/null
binary="$(swift build -c release --show-bin-path)/plistkit"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 Benchmarks/generate_pbxproj.py "$files" > "$scratch/project.pbxproj"
# The same project with every build file's fileRef pointing nowhere: one error per file.
sed 's/fileRef = /fileRef = F/' "$scratch/project.pbxproj" > "$scratch/broken.pbxproj"
bytes=$(wc -c < "$scratch/project.pbxproj")

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

echo "$(date -u +%F), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo "Project: $files files, $bytes bytes (\`Benchmarks/generate_pbxproj.py\`); medians of $runs runs."
echo
echo "| command | wall | CPU (user + system) | peak memory |"
echo "|---|---:|---:|---:|"
measure "\`plistkit lint --project project.pbxproj\` (intact)" "$binary" lint --project "$scratch/project.pbxproj"
measure "\`plistkit lint --project broken.pbxproj\` ($files errors printed)" "$binary" lint --project "$scratch/broken.pbxproj"
measure "\`plistkit lint --project --format json broken.pbxproj\`" "$binary" lint --project --format json "$scratch/broken.pbxproj"
measure "\`plistkit lint project.pbxproj\` (syntax and repeated keys)" "$binary" lint "$scratch/project.pbxproj"
if [ "$with_kin" = 1 ]; then
  runs=1 measure "\`kin project.pbxproj\` (one run)" kin "$scratch/project.pbxproj"
fi
