#!/bin/sh
# Builds the DocC documentation of every library of the package (PlistKit, Typedstream, KeyedArchive,
# PlistCoding, Sectioning, BookModels, PlistSchema, XcodeProject, PlistDocument, PlistBuddy,
# PlistDiff, BuildSettings, StringCatalogs, ArchiveExtraction) with the toolchain's docc, without the SwiftPM plugin: the compiler writes each
# module's symbol graphs as it builds it (`-emit-symbol-graph`; extracting them afterwards from the
# built modules crashes on PlistKit's C imports), then one `docc convert` per module.
# Usage: scripts/build-docs.sh [output-folder]   (default .build/docs; one MODULE.doccarchive each)
# A warning from docc (an unresolved ``link``, an undocumented parameter) fails the script.
set -eu
cd "$(dirname "$0")/.."
output="${1:-.build/docs}"
modules="PlistKit Typedstream KeyedArchive PlistCoding Sectioning BookModels PlistSchema XcodeProject PlistDocument PlistBuddy PlistDiff BuildSettings StringCatalogs ArchiveExtraction"
graphs=".build/docs/symbol-graphs"
scratch=".build/docs/build"   # a separate build folder, so the normal build stays warm
# The compiler rewrites a module's graphs whenever it rebuilds the module, and an up-to-date
# module's graphs are still its own: only the per-module copies are made afresh.
for module in $modules; do rm -rf "${graphs:?}/$module"; done
mkdir -p "$graphs" "$output"
# BookModels depends on PlistKit, KeyedArchive, PlistCoding and Sectioning; PlistDiff on PlistKit,
# KeyedArchive and PlistDocument; PlistDocument on PlistKit and XcodeProject; BuildSettings on PlistKit
# and PlistDocument; KeyedArchive on PlistKit and Typedstream; StringCatalogs on PlistKit and
# Sectioning; ArchiveExtraction on PlistKit, KeyedArchive and Typedstream; the others on PlistKit.
# (Each module is its own archive: link to another module's symbols as `code`, not ``links``.)
all_graphs="$graphs/all"
mkdir -p "$all_graphs"
for target in BookModels PlistSchema PlistDocument PlistBuddy PlistDiff BuildSettings StringCatalogs ArchiveExtraction; do
  swift build --target "$target" --scratch-path "$scratch" \
    -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(pwd)/$all_graphs" \
    -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public
done
docc="$(command -v docc || echo /opt/swift/usr/bin/docc)"
warned=""
for module in $modules; do
  # The module's own graphs: its symbols, and its extensions of other modules' types.
  module_graphs="$graphs/$module"
  mkdir -p "$module_graphs"
  cp "$all_graphs/$module.symbols.json" "$module_graphs/"
  for extension in "$all_graphs/$module@"*.symbols.json; do
    if [ -e "$extension" ]; then cp "$extension" "$module_graphs/"; fi
  done
  log=".build/docs/$module.log"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.plistkit.$module" \
    --output-path "$output/$module.doccarchive" 2>&1 | tee "$log"
  if grep -q "warning:" "$log"; then warned="$warned $module"; fi
done
if [ -n "$warned" ]; then
  echo "docc warned about$warned (see .build/docs/MODULE.log)" >&2
  exit 1
fi
echo "documentation in $output/{$(echo "$modules" | tr ' ' ',')}.doccarchive (serve them with any static web server)"
