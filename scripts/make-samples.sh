#!/bin/bash
# Writes the book's three samples from the plain lists in Samples/Sources/, with plistkit itself,
# so that every byte of them is the project's own: edit a list, run this, commit both.
#
# Usage: scripts/make-samples.sh [OUTPUT_FOLDER [path-to-plistkit]]
#   OUTPUT_FOLDER    where to write the samples (default Samples/, replacing them)
#   path-to-plistkit the binary to write them with (default: swift build's, built first)
#
#   Samples/Sources/presidents.tsv  ->  Presidents.plist   a binary NSKeyedArchiver archive
#   Samples/Sources/computers.txt   ->  computers.plist    an XML array of strings
#   Samples/Sources/sortednames.txt ->  sortednames.plist  an XML dictionary A…Z -> names
#
# The output depends on nothing but the lists and plistkit's writers, so the same lists always
# give the same bytes; a test runs this into a scratch folder and compares with Samples/.
set -euo pipefail
# Paths given on the command line are relative to where it was typed, not to the project.
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s' "$PWD/$1" ;; esac; }
output="$(absolute "${1:-$(dirname "$0")/../Samples}")"
binary="${2:+$(absolute "$2")}"
cd "$(dirname "$0")/.."
sources="Samples/Sources"
if [ -z "$binary" ]; then
  swift build --product plistkit >&2
  binary="$(swift build --show-bin-path)/plistkit"
fi
[ -x "$binary" ] || { echo "make-samples.sh: $binary is not an executable" >&2; exit 2; }
[ -d "$output" ] || { echo "make-samples.sh: $output is not a folder" >&2; exit 2; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# The awk helpers every list shares: a line must hold text a person typed (no control
# characters: a stray carriage return from another editor would end up in the sample unseen),
# and a JSON string literal of it.
awk_helpers='
function fail(message) {
  printf "make-samples.sh: %s:%d: %s\n", FILENAME, FNR, message > "/dev/stderr"
  failed = 1
  exit 2
}
function checked(text) {
  if (text ~ "[\001-\037\177]") fail("a control character (a tab or carriage return?) in \"" text "\"")
  if (text == "") fail("an empty entry")
  return text
}
function json(text) {
  gsub(/\\/, "\\\\", text)
  gsub(/"/, "\\\"", text)
  return "\"" text "\""
}
'

# presidents.tsv: a header row naming the archive's keys, then one president a row. Each
# President object has its fields in the table's order; its strings are objects of their own, and
# the archiver stores equal strings once, so a year that ends one term and starts the next is one
# object, shared.
LC_ALL=C awk -F '\t' "$awk_helpers"'
NR == 1 {
  if ($0 != "President\tName\tFromYear\tToYear\tParty") fail("the header must be: President Name FromYear ToYear Party, tab-separated")
  next
}
{
  if (NF != 5) fail("5 tab-separated fields expected, found " NF)
  if ($1 !~ /^[0-9]+$/) fail("the President field must be a whole number, found \"" $1 "\"")
  id = 2 + 5 * count
  references = references (count ? "," : "") "{\"$uid\":" id "}"
  objects = objects sprintf(",\n{\"id\":%d,\"class\":\"President\",\"classes\":[\"President\",\"NSObject\"],", id)
  objects = objects sprintf("\"fields\":{\"President\":%d,\"Name\":{\"$uid\":%d},\"FromYear\":{\"$uid\":%d},", $1, id + 1, id + 2)
  objects = objects sprintf("\"ToYear\":{\"$uid\":%d},\"Party\":{\"$uid\":%d}}}", id + 3, id + 4)
  for (field = 2; field <= 5; field++) objects = objects sprintf(",\n{\"id\":%d,\"value\":%s}", id + field - 1, json(checked($field)))
  count++
}
END {
  if (failed) exit 2
  if (count == 0) fail("no presidents")
  printf "{\"$archiver\":\"NSKeyedArchiver\",\"$version\":100000,\"$top\":{\"Presidents\":{\"$uid\":1}},\"$objects\":[\n"
  printf "{\"id\":1,\"class\":\"NSMutableArray\",\"classes\":[\"NSMutableArray\",\"NSArray\",\"NSObject\"],"
  printf "\"fields\":{\"NS.objects\":[%s]}}%s\n]}\n", references, objects
}' "$sources/presidents.tsv" > "$work/presidents.graph.json"
"$binary" archive "$work/presidents.graph.json" --to binary -o "$output/Presidents.plist" -q

# computers.txt: one model a line, in the order of the list.
LC_ALL=C awk "$awk_helpers"'
{ items = items (NR > 1 ? ",\n" : "") json(checked($0)) }
END { if (failed) exit 2; printf "[\n%s\n]\n", items }
' "$sources/computers.txt" > "$work/computers.json"
"$binary" convert "$work/computers.json" --from json --to xml -o "$output/computers.plist" -q

# sortednames.txt: one first name a line, in any order. The sample is the book's section table:
# the names sorted by their bytes (code point order, the same on every machine, unlike a
# locale's collation), under the capital letter they start with.
LC_ALL=C awk "$awk_helpers"'
{
  checked($0)
  if ($0 !~ /^[A-Z]/) fail("a name must start with a capital letter A to Z, found \"" $0 "\"")
}' "$sources/sortednames.txt"
LC_ALL=C sort "$sources/sortednames.txt" > "$work/sortednames.sorted"
LC_ALL=C awk "$awk_helpers"'
{
  letter = substr($0, 1, 1)
  if (letter != section) {
    sections = sections (section == "" ? "" : "],\n") json(letter) ":["
    section = letter
    separator = ""
  }
  sections = sections separator json($0)
  separator = ","
}
END {
  if (failed) exit 2
  if (section == "") fail("no names")
  printf "{\n%s]\n}\n", sections
}
' "$work/sortednames.sorted" > "$work/sortednames.json"
"$binary" convert "$work/sortednames.json" --from json --to xml -o "$output/sortednames.plist" -q
