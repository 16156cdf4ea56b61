#!/usr/bin/env bash
# Counts the instructions each benchmark job takes (valgrind's callgrind), for this build and an
# earlier one, on the medium corpora: a before/after measure that a busy machine does not
# disturb, finer than the harness's timings.
#
#   Benchmarks/instructions.sh --baseline BIN    → Benchmarks/RESULTS-instructions.md
#
# BIN is an earlier commit's release `plistkit` (for example one built in a `git worktree`).
# Swift seeds its hashing per process; the counts are taken with SWIFT_DETERMINISTIC_HASHING
# set, so that two runs of one build agree.
set -euo pipefail
cd "$(dirname "$0")/.."
baseline=""
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) baseline="$2"; shift 2 ;;
    *) echo "usage: Benchmarks/instructions.sh --baseline BIN" >&2; exit 2 ;;
  esac
done
[ -n "$baseline" ] && [ -x "$baseline" ] || { echo "usage: Benchmarks/instructions.sh --baseline BIN" >&2; exit 2; }
if ! command -v valgrind >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  apt-get install -y -q valgrind >/dev/null 2>&1 || (apt-get update -q >/dev/null && apt-get install -y -q valgrind >/dev/null)
fi
command -v valgrind >/dev/null 2>&1 || { echo "instructions.sh: valgrind is not installed" >&2; exit 2; }

echo "building release..." >&2
swift build -c release --product plistkit >&2
current="$(swift build -c release --show-bin-path)/plistkit"
corpora=Benchmarks/corpora
python3 Benchmarks/generate.py "$corpora" --sizes medium
# A project file for the document edits (the same one each run: the generator is seeded).
[ -f "$corpora/project-medium.pbxproj" ] || python3 Benchmarks/generate_pbxproj.py 20000 >"$corpora/project-medium.pbxproj"
project_file=$(grep -m1 'isa = PBXFileReference' "$corpora/project-medium.pbxproj" | awk '{print $1}')
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
export SWIFT_DETERMINISTIC_HASHING=1

# Prints the instructions `plistkit ARGS…` takes with the binary $1.
count() {
  local binary=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : //p'
}

jobs=(
  "xml-to-binary records convert $corpora/records-medium.xml --to binary -o $scratch/out"
  "xml-to-binary strings convert $corpora/strings-medium.xml --to binary -o $scratch/out"
  "xml-to-binary numbers convert $corpora/numbers-medium.xml --to binary -o $scratch/out"
  "xml-to-binary nested convert $corpora/nested-medium.xml --to binary -o $scratch/out"
  "binary-to-xml records convert $corpora/records-medium.bplist --to xml -o $scratch/out"
  "binary-to-xml strings convert $corpora/strings-medium.bplist --to xml -o $scratch/out"
  "binary-to-xml numbers convert $corpora/numbers-medium.bplist --to xml -o $scratch/out"
  "binary-to-xml nested convert $corpora/nested-medium.bplist --to xml -o $scratch/out"
  "xml-to-json jsonsafe convert $corpora/jsonsafe-medium.xml --to json -o $scratch/out"
  "xml-to-json strings convert $corpora/strings-medium.xml --to json -o $scratch/out"
  "xml-to-json numbers convert $corpora/numbers-medium.xml --to json -o $scratch/out"
  "xml-to-json nested convert $corpora/nested-medium.xml --to json -o $scratch/out"
  "binary-to-json jsonsafe convert $corpora/jsonsafe-medium.bplist --to json -o $scratch/out"
  "binary-to-json strings convert $corpora/strings-medium.bplist --to json -o $scratch/out"
  "binary-to-json numbers convert $corpora/numbers-medium.bplist --to json -o $scratch/out"
  "binary-to-json nested convert $corpora/nested-medium.bplist --to json -o $scratch/out"
  "json-to-binary jsonsafe convert $corpora/jsonsafe-medium.json --to binary -o $scratch/out"
  "json-to-binary jsonshort convert $corpora/jsonshort-medium.json --to binary -o $scratch/out"
  "lint-xml records lint $corpora/records-medium.xml"
  "unarchive archive unarchive $corpora/archive-medium.bplist --to json -o $scratch/out"
  "filter names filter $corpora/names-medium.bplist abi --flat"
  "sections-ko korean sections $corpora/korean-medium.bplist --collation ko"
  "set-xml records set $corpora/records-medium.xml 700.name Renamed -o $scratch/out"
  "insert-xml records insert $corpora/records-medium.xml 700.note Added --type string -o $scratch/out"
  "remove-xml records remove $corpora/records-medium.xml 700 -o $scratch/out"
  "set-pbxproj project set $corpora/project-medium.pbxproj objects.$project_file.path Renamed.swift -o $scratch/out.pbxproj"
  "remove-pbxproj project remove $corpora/project-medium.pbxproj objects.$project_file -o $scratch/out.pbxproj"
)

out=Benchmarks/RESULTS-instructions.md
{
  echo "# Instructions per job, before and after"
  echo
  echo "Measured by \`Benchmarks/instructions.sh\` on $(date -u '+%Y-%m-%d %H:%M') UTC. Do not edit by hand: run the script again."
  echo
  echo "- This build: \`$("$current" --version)\` at commit \`$(git rev-parse --short HEAD)\`"
  if commit=$(git -C "$(dirname "$(realpath "$baseline")")" rev-parse --short HEAD 2>/dev/null); then
    echo "- Before: the release build of commit \`$commit\` (\`$("$baseline" --version)\`)"
  else
    echo "- Before: \`$baseline\` (\`$("$baseline" --version)\`)"
  fi
  echo "- $(valgrind --version), \`SWIFT_DETERMINISTIC_HASHING=1\`; medium corpora of \`Benchmarks/generate.py\`"
  echo
  echo "Each job runs once under callgrind with each build; the count is the whole process's"
  echo "(start-up and dynamic linking included). \"after ÷ before\" at or below 1.000 means this build"
  echo "is no slower by instructions."
  echo
  echo "| job | input | before (M instructions) | after (M instructions) | after ÷ before |"
  echo "|---|---|---:|---:|---:|"
  for job in "${jobs[@]}"; do
    read -r -a words <<<"$job"
    before=$(count "$baseline" "${words[@]:2}")
    after=$(count "$current" "${words[@]:2}")
    python3 -c "import sys; b, a = int(sys.argv[3]), int(sys.argv[4]); print(f'| {sys.argv[1]} | {sys.argv[2]}-medium | {b / 1e6:,.1f} | {a / 1e6:,.1f} | {a / b:.3f} |')" \
      "${words[0]}" "${words[1]}" "$before" "$after"
    echo "  ${words[0]} ${words[1]}" >&2
  done
} >"$out"
echo "wrote $out" >&2
