#!/usr/bin/env bash
# The plain view of keyed archives full of the classes with views of their own, against a
# baseline binary (one built before the views, which shows them as generic objects), and writes
# Benchmarks/RESULTS-class-views.md:
#
#   Benchmarks/class-views.sh BASELINE-PLISTKIT [RUNS]     default: 3 runs, medians
#
# - 100,000 NSAttributedStrings of three runs, their attribute dictionaries holding an NSFont
#   and an NSColor (NSRGB text), shared between strings as Foundation shares them;
# - 100,000 President-like objects of a class without a view, for the cost on other archives.
# Each is `plistkit unarchive FILE` (binary in, JSON out: the streamed view).
set -euo pipefail
cd "$(dirname "$0")/.."
baseline="$1"
runs="${2:-3}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

swift build -c release --product plistkit >&2
plistkit="$(swift build -c release --show-bin-path)/plistkit"

python3 - "$work" <<'PY'
import plistlib, sys
from plistlib import UID
out = sys.argv[1]
n = 100_000

def archive(objects, root):
    return {"$archiver": "NSKeyedArchiver", "$version": 100000, "$top": {"root": UID(root)}, "$objects": objects}

def classes(*chain):
    return {"$classname": chain[0], "$classes": list(chain)}

# Shared: the classes, a font, two colours and two attribute dictionaries.
objects = ["$null", classes("NSArray", "NSObject"), classes("NSAttributedString", "NSObject"),
           classes("NSDictionary", "NSObject"), classes("NSData", "NSObject"), classes("NSFont", "NSObject"),
           classes("NSColor", "NSObject"), "NSFont", "NSColor", "Helvetica"]
font = len(objects); objects.append({"$class": UID(5), "NSName": UID(9), "NSSize": 13.0, "NSfFlags": 16})
red = len(objects); objects.append({"$class": UID(6), "NSColorSpace": 1, "NSRGB": b"1 0 0\0"})
grey = len(objects); objects.append({"$class": UID(6), "NSColorSpace": 3, "NSWhite": b"0.5\0"})
first = len(objects); objects.append({"$class": UID(3), "NS.keys": [UID(7), UID(8)], "NS.objects": [UID(font), UID(red)]})
second = len(objects); objects.append({"$class": UID(3), "NS.keys": [UID(8)], "NS.objects": [UID(grey)]})
runs = len(objects); objects.append({"$class": UID(4), "NS.data": bytes([4, 0, 1, 1, 6, 0])})
pair = len(objects); objects.append({"$class": UID(1), "NS.objects": [UID(first), UID(second)]})
members = []
for i in range(n):
    text = len(objects); objects.append("line %06d" % i)
    members.append(UID(len(objects)))
    objects.append({"$class": UID(2), "NSString": UID(text), "NSAttributes": UID(pair), "NSAttributeInfo": UID(runs)})
root = len(objects); objects.append({"$class": UID(1), "NS.objects": members})
with open(f"{out}/attributed.bplist", "wb") as handle:
    plistlib.dump(archive(objects, root), handle, fmt=plistlib.FMT_BINARY)

objects = ["$null", classes("NSArray", "NSObject"), classes("President", "NSObject"), "Republican", "1861"]
members = []
for i in range(n):
    name = len(objects); objects.append("President %06d" % i)
    members.append(UID(len(objects)))
    objects.append({"$class": UID(2), "President": i, "Name": UID(name), "FromYear": UID(4), "Party": UID(3)})
root = len(objects); objects.append({"$class": UID(1), "NS.objects": members})
with open(f"{out}/generic.bplist", "wb") as handle:
    plistlib.dump(archive(objects, root), handle, fmt=plistlib.FMT_BINARY)
PY

measure() { # label binary file: appends "wall cpu maxrss" to $work/label.times
  /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$2" unarchive "$3" > "$work/$1.out" 2> "$work/stderr" \
    || { cat "$work/stderr" >&2; exit 1; }
  tail -1 "$work/time" | awk '{ print $1, $2 + $3, $4 / 1024 }' >> "$work/$1.times"
}
for run in $(seq "$runs"); do
  for file in attributed generic; do
    measure "$file-base" "$baseline" "$work/$file.bplist"
    measure "$file-views" "$plistkit" "$work/$file.bplist"
  done
done
grep -q '"colorSpace": "calibratedRGB"' "$work/attributed-views.out" || { echo "no colour view" >&2; exit 1; }
cmp -s "$work/generic-base.out" "$work/generic-views.out" || { echo "the generic view changed" >&2; exit 1; }

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
column() { awk -v c="$2" '{ print $c }' "$work/$1.times" | median; }
megabytes() { echo "$(($(wc -c < "$work/$1.out") / 1000000))"; }
row() { # file description
  printf '| %s | %s MB / %s MB | %s s / %s s | %s s / %s s | %.0f MB / %.0f MB |\n' "$2" \
    "$(megabytes "$1-base")" "$(megabytes "$1-views")" "$(column "$1-base" 1)" "$(column "$1-views" 1)" \
    "$(column "$1-base" 2)" "$(column "$1-views" 2)" "$(column "$1-base" 3)" "$(column "$1-views" 3)"
}
{
  echo "# Class views in the plain view"
  echo
  echo "$(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
  echo "Release builds; medians of $runs runs (\`Benchmarks/class-views.sh BASELINE\`); \`plistkit unarchive FILE\`"
  echo "(binary in, JSON out, the streamed view), baseline (generic objects) / with the class views."
  echo
  echo "| archive | JSON written | wall | CPU (user + system) | peak memory |"
  echo "|---|---:|---:|---:|---:|"
  row attributed "100,000 NSAttributedStrings of 3 runs, attributes with an NSFont and NSColors"
  row generic "100,000 President-like objects (no class view)"
  echo
  echo "The views write each run's attributes where the run is (three dictionaries a string where the"
  echo "generic form writes the two of its array once), so the attributed archive's output grows; the"
  echo "time follows the bytes written. An archive without these classes is shown as before."
} > Benchmarks/RESULTS-class-views.md
cat Benchmarks/RESULTS-class-views.md
