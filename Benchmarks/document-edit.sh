#!/usr/bin/env bash
# One edit of a large Xcode project file: `plistkit set` (through the source-preserving
# document) beside `plutil -replace` on the same project, and writes Benchmarks/RESULTS-document.md.
#
#   Benchmarks/document-edit.sh [FILES] [RUNS]     defaults: 60000 files, 5 runs
#
# The project is generated (Benchmarks/generate_pbxproj.py). Each run renames one file
# reference: plistkit edits the .pbxproj in place; the toolchain's plutil cannot write
# OpenStep, so it is timed on the same project converted to XML (which it rewrites whole), and
# on the .pbxproj itself (where it reads everything, then fails). Runs alternate; medians of
# wall time, CPU time and peak memory (/usr/bin/time); on a shared machine the CPU time is the
# steadier figure. The edited file is checked: the renamed path reads
# back, exactly four lines differ (the file reference, its build file, the group and the build
# phase that list them), and it equals `--reformat`'s whole rewrite in Xcode's layout.
set -euo pipefail
cd "$(dirname "$0")/.."
files="${1:-60000}"
runs="${2:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product plistkit >&2
plistkit="$(swift build -c release --show-bin-path)/plistkit"
python3 Benchmarks/generate_pbxproj.py "$files" > "$work/project.pbxproj"
"$plistkit" convert "$work/project.pbxproj" --to xml -o "$work/project.xml"
size=$(stat -c %s "$work/project.pbxproj")
id=$(grep -m1 'isa = PBXFileReference' "$work/project.pbxproj" | awk '{print $1}')
key="objects.$id.path"

measure() { # label command...: appends "wall kilobytes status cpu" to $work/label
  local label="$1"; shift
  local status=0
  /usr/bin/time -f "%e %M %U %S" -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || status=$?
  tail -1 "$work/time" | awk -v status="$status" '{ print $1, $2, status, $3 + $4 }' >> "$work/$label"
}

for run in $(seq "$runs"); do
  cp "$work/project.pbxproj" "$work/a.pbxproj"
  measure plistkit "$plistkit" set "$work/a.pbxproj" "$key" Renamed.swift --type string
  cp "$work/project.xml" "$work/a.xml"
  measure plutil-xml plutil -replace "$key" -string Renamed.swift "$work/a.xml"
  cp "$work/project.pbxproj" "$work/b.pbxproj"
  measure plutil-pbxproj plutil -replace "$key" -string Renamed.swift "$work/b.pbxproj"
  cp "$work/project.pbxproj" "$work/c.pbxproj"
  measure reformat "$plistkit" set "$work/c.pbxproj" "$key" Renamed.swift --type string --reformat
done

[ "$("$plistkit" get "$work/a.pbxproj" "$key")" = Renamed.swift ] || { echo "the edit did not take" >&2; exit 1; }
changed=$(diff "$work/project.pbxproj" "$work/a.pbxproj" | grep -c '^>' || true)
[ "$changed" = 4 ] || { echo "expected 4 changed lines, found $changed" >&2; exit 1; }
cmp -s "$work/a.pbxproj" "$work/c.pbxproj" || { echo "the edit differs from Xcode's layout of the edited value" >&2; exit 1; }
[ "$("$plistkit" get "$work/a.xml" "$key")" = Renamed.swift ] || { echo "plutil's edit did not take" >&2; exit 1; }

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
row() { # label description
  local seconds cpu kilobytes status
  seconds=$(awk '{print $1}' "$work/$1" | median)
  cpu=$(awk '{print $4}' "$work/$1" | median)
  kilobytes=$(awk '{print $2}' "$work/$1" | median)
  status=$(awk '{print $3}' "$work/$1" | sort -u | tr '\n' ' ')
  printf '| %s | %s s | %s s | %s MB (%s× the file) | %s|\n' "$2" "$seconds" "$cpu" "$((kilobytes / 1024))" \
    "$(awk -v k="$kilobytes" -v s="$size" 'BEGIN { printf "%.1f", k * 1024 / s }')" "$status"
}
{
  echo "# One edit of a generated project file"
  echo
  echo "$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Project: $files files, $size bytes (\`Benchmarks/generate_pbxproj.py\`); each run renames one file reference; medians of $runs runs."
  echo
  echo "| command | wall | CPU (user + system) | peak memory | exit |"
  echo "|---|---:|---:|---:|---|"
  row plistkit "\`plistkit set project.pbxproj $key …\` (the document: 4 lines change)"
  row reformat "\`plistkit set … --reformat\` (the whole file in Xcode's layout: the same bytes)"
  row plutil-xml "\`plutil -replace\` on the same project as XML (rewrites everything)"
  row plutil-pbxproj "\`plutil -replace\` on the .pbxproj (cannot write OpenStep: fails after reading)"
} > Benchmarks/RESULTS-document.md
cat Benchmarks/RESULTS-document.md
