#!/bin/bash
# Prints the command-line tour of the README with the real output of the built binary,
# so the README never shows output the tool does not produce.
# Usage: scripts/readme-cli-tour.sh [--update] [path-to-plistkit]
#   --update  replace the tour in README.md (between the cli-tour markers) instead of printing it
set -u
cd "$(dirname "$0")/.."
if [ "${1:-}" = "--update" ]; then
  shift
  tour="$(mktemp)"
  "$0" "$@" > "$tour"
  awk -v tour="$tour" '
    /<!-- cli-tour:begin -->/ { print; while ((getline line < tour) > 0) print line; skipping = 1; next }
    /<!-- cli-tour:end -->/ { skipping = 0 }
    !skipping { print }
  ' README.md > README.md.tmp && mv README.md.tmp README.md
  rm -f "$tour"
  echo "updated the tour in README.md"
  exit 0
fi
binary="${1:-$(swift build --show-bin-path)/plistkit}"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin"
ln -s "$(realpath "$binary")" "$scratch/bin/plistkit"
export PATH="$scratch/bin:$PATH"
unset NO_COLOR

# show "explanation" "command line": runs it in the repository root, prints a console block.
show() {
  if [ -n "$1" ]; then printf '%s\n\n' "$1"; fi
  printf '```console\n$ %s\n' "$2"
  (cd "$scratch" && bash -c "$2" 2>&1)
  printf '```\n\n'
}

# Commands run in a scratch folder that sees the samples as Samples/, so edits touch copies.
ln -s "$PWD/Samples" "$scratch/Samples"
cp Samples/computers.plist "$scratch/computers.plist"
printf '<plist version="1.0">\n<dict>\n\t<key>a</key>\n\t<string>x</strin>\n</dict>\n</plist>\n' > "$scratch/broken.plist"
# A project a bad merge left with an ID defined twice, a child nothing defines, an unused file.
printf '%s\n' '// !$*UTF8*$!' '{' '\tarchiveVersion = 1;' '\tobjectVersion = 77;' '\tobjects = {' \
  '\t\tA1 = {isa = PBXProject; buildConfigurationList = A2; mainGroup = A3; targets = (); };' \
  '\t\tA2 = {isa = XCConfigurationList; buildConfigurations = (A4); };' \
  '\t\tA3 = {isa = PBXGroup; children = (); sourceTree = "<group>"; };' \
  '\t\tA3 = {isa = PBXGroup; children = (A9); };' '\t\tA5 = {isa = PBXFileReference; };' \
  '\t\tA4 = {isa = XCBuildConfiguration; buildSettings = {}; name = Release; };' '\t};' '\trootObject = A1;' '}' \
  | sed 's/\\t/\t/g' > "$scratch/App.pbxproj"

show "Every command, and the exit codes (\`plistkit help COMMAND\` for one command, with examples):" \
  "plistkit --help"
show "Check files (\`FILE: OK\`, or the error with its line and column, exit 1):" \
  "plistkit lint Samples/computers.plist Samples/Presidents.plist"
show "" "cat broken.plist; plistkit lint broken.plist; echo \"exit \$?\""
show "Check an Xcode project's objects and references (\`--format json\`; \`--strict\` makes warnings errors):" \
  "plistkit lint --project App.pbxproj; echo \"exit \$?\""
show "Convert: to standard output by default, or \`-o\` (which may name the input), \`--in-place\`, \`--extension\`:" \
  "plistkit convert Samples/computers.plist --to json | head -4"
show "" "plistkit convert Samples/Presidents.plist --to json --typed --compact | cut -c1-150"
show "Print a readable tree (colours on a terminal, not with \`NO_COLOR\` unless \`--color always\`):" \
  "plistkit print Samples/sortednames.plist Q"
show "" "plistkit print Samples/Presidents.plist '\$objects.2'"
show "Get a value (raw text by default, or \`--to xml|binary|json|openstep\`), check its type:" \
  "plistkit get Samples/sortednames.plist A.0; plistkit get Samples/sortednames.plist A; plistkit type Samples/sortednames.plist A"
show "" "plistkit get Samples/Presidents.plist '\$objects.2.President' --expect string; echo \"exit \$?\""
show "Edit in place, atomically, keeping the format, key order, owner, mode and extended attributes (\`-o\` writes elsewhere):" \
  "plistkit insert computers.plist 0 NeXTcube --type string && plistkit set computers.plist 1 'Apple I (1976)' --type string && plistkit remove computers.plist 2 && plistkit print computers.plist | head -5"
show "" "plistkit create - --to json"
show "\`--archive\` walks a keyed archive's objects instead of its \`\$objects\` table, for reading and editing:" \
  "plistkit print --archive Samples/Presidents.plist Presidents.0; plistkit get --archive Samples/Presidents.plist Presidents.42.Name"
show "" "cp Samples/Presidents.plist p.plist && plistkit set --archive p.plist Presidents.0.Party Independent --type string && plistkit get --archive p.plist Presidents.0.Party"
show "Compare by value, in any two formats; keyed archives as their objects (exit 0 equal, 1 different, 2 trouble, like diff(1)):" \
  "plistkit diff Samples/Presidents.plist p.plist; echo \"exit \$?\""
show "Merge three ways, as git's merge driver does (the result replaces OURS; conflicts are reported with all three values):" \
  "cp Samples/computers.plist ours.plist; cp Samples/computers.plist theirs.plist; plistkit set ours.plist 0 'Apple I (1976)' --type string; plistkit insert theirs.plist 0 'Apple Lisa' --type string; plistkit merge Samples/computers.plist ours.plist theirs.plist && plistkit diff Samples/computers.plist ours.plist"
show "Errors name the file and where, on standard error; usage errors exit 2 with a suggestion:" \
  "plistkit get Samples/sortednames.plist A.9999; echo \"exit \$?\"; plistkit conver x; echo \"exit \$?\"; plistkit print Samples/computers.plist --colour never; echo \"exit \$?\""
show "plutil's options, output and exit codes (also when the binary is run as \`plutil\`):" \
  "plistkit plutil -extract Z.0 raw Samples/sortednames.plist; plistkit plutil -type Z Samples/sortednames.plist; plistkit plutil -lint Samples/computers.plist"
show "Shell completions and the man page come from the same command table as \`--help\`:" \
  "plistkit completions fish | sed -n 3p"
