#!/usr/bin/env bash
# Work that once grew faster than its input, at the sizes where it hurt, and writes
# Benchmarks/RESULTS-hostile.md:
#
#   Benchmarks/hostile-sizes.sh [RUNS]     default: 3 runs, medians of wall and CPU time
#
# - `plistkit merge` (three-way) of dictionaries of 20,000 keys, 10,000 changed on each side;
# - `plistkit remove records.plist '*.i'` on 300,000 records (XML);
# - one PlistBuddy `Merge` of a 20,000-entry dictionary into an XML file;
# - 10,000 PlistBuddy `-c Add` commands on an XML file, saved once;
# - `plistkit remove project.pbxproj 'objects.*.name'` on a generated project of 100,000
#   objects (Benchmarks/generate_pbxproj.py 50000).
# Each result is checked (the merged, removed or added values read back).
set -euo pipefail
cd "$(dirname "$0")/.."
runs="${1:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product plistkit >&2
plistkit="$(swift build -c release --show-bin-path)/plistkit"

python3 - "$work" <<'PY'
import plistlib, sys
out = sys.argv[1]
def dump(name, value):
    with open(f"{out}/{name}", "wb") as handle:
        plistlib.dump(value, handle, sort_keys=False)
n = 10_000
base = {"k%06d" % i: "v%d" % i for i in range(2 * n)}
ours, theirs = dict(base), dict(base)
for i in range(0, 2 * n, 2): ours["k%06d" % i] = "ours %d" % i
for i in range(1, 2 * n, 2): theirs["k%06d" % i] = "theirs %d" % i
dump("base.plist", base); dump("ours.plist", ours); dump("theirs.plist", theirs)
dump("records.plist", [{"i": i, "name": "n%d" % i} for i in range(300_000)])
dump("buddy.plist", {"Name": "App", "List": ["a"]})
dump("additions.plist", {"m%05d" % i: "v%d" % i for i in range(20_000)})
with open(f"{out}/adds.txt", "w") as handle:
    for i in range(10_000): handle.write("Add :a%05d string v%d\n" % (i, i))
PY
python3 Benchmarks/generate_pbxproj.py 50000 > "$work/project.pbxproj"
objects=$(grep -c 'isa = ' "$work/project.pbxproj")

measure() { # label setup-command -- command...: appends "wall cpu" to $work/label.times
  local label="$1" setup="$2"; shift 3
  eval "$setup"
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" > /dev/null 2> "$work/stderr" || { cat "$work/stderr" >&2; exit 1; }
  tail -1 "$work/time" | awk '{ print $1, $2 + $3 }' >> "$work/$label.times"
}

adds=()
while IFS= read -r line; do adds+=(-c "$line"); done < "$work/adds.txt"

for run in $(seq "$runs"); do
  measure merge "cp $work/ours.plist $work/o.plist" -- "$plistkit" merge "$work/base.plist" "$work/o.plist" "$work/theirs.plist"
  measure records "cp $work/records.plist $work/r.plist" -- "$plistkit" remove "$work/r.plist" '*.i'
  measure buddy-merge "cp $work/buddy.plist $work/m.plist" -- "$plistkit" buddy -c "Merge $work/additions.plist" "$work/m.plist"
  measure buddy-adds "cp $work/buddy.plist $work/a.plist" -- "$plistkit" buddy "${adds[@]}" "$work/a.plist"
  measure project "cp $work/project.pbxproj $work/p.pbxproj" -- "$plistkit" remove "$work/p.pbxproj" 'objects.*.name'
done

[ "$("$plistkit" get "$work/o.plist" k000001)" = "theirs 1" ] && [ "$("$plistkit" get "$work/o.plist" k000002)" = "ours 2" ] \
  || { echo "the merge is wrong" >&2; exit 1; }
! grep -q '<key>i</key>' "$work/r.plist" || { echo "the records kept an i" >&2; exit 1; }
[ "$("$plistkit" get "$work/m.plist" m19999)" = v19999 ] || { echo "the Buddy Merge is wrong" >&2; exit 1; }
[ "$("$plistkit" get "$work/a.plist" a09999)" = v9999 ] || { echo "the Buddy Adds are wrong" >&2; exit 1; }
! grep -q '	name = ' "$work/p.pbxproj" || { echo "the project kept a name" >&2; exit 1; }
"$plistkit" lint "$work/p.pbxproj" "$work/a.plist" "$work/m.plist" > /dev/null

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
row() { # label description
  printf '| %s | %s s | %s s |\n' "$2" "$(awk '{print $1}' "$work/$1.times" | median)" \
    "$(awk '{print $2}' "$work/$1.times" | median)"
}
{
  echo "# Hostile sizes"
  echo
  echo "$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Release build; medians of $runs runs (\`Benchmarks/hostile-sizes.sh\`). Each of these grew faster than its"
  echo "input before (the figures in CHANGELOG.md); the target is linear and at most 1 s."
  echo
  echo "| command | wall | CPU (user + system) |"
  echo "|---|---:|---:|"
  row merge "\`plistkit merge\` of 20,000-key dictionaries, 10,000 keys changed on each side"
  row records "\`plistkit remove records.plist '*.i'\`, 300,000 records (XML)"
  row buddy-merge "\`plistkit buddy -c 'Merge additions.plist'\`, 20,000 entries into an XML file"
  row buddy-adds "\`plistkit buddy -c 'Add :aNNNNN string …'\` × 10,000 on an XML file"
  row project "\`plistkit remove project.pbxproj 'objects.*.name'\`, $objects objects"
} > Benchmarks/RESULTS-hostile.md
cat Benchmarks/RESULTS-hostile.md
