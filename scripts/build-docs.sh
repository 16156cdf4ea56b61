#!/bin/sh
# Builds the DocC documentation of every library of the package (PlistKit, KeyedArchive,
# PlistCoding, Sectioning, BookModels, PlistSchema, XcodeProject, PlistDocument, PlistBuddy, PlistDiff) with the
# toolchain's docc, without the SwiftPM plugin: the modules from `swift build`, their symbol graphs from
# `swift symbolgraph-extract` (which works on a warm build too), then one `docc convert` per module.
# Usage: scripts/build-docs.sh [output-folder]   (default .build/docs; one MODULE.doccarchive each)
# A warning from docc (an unresolved ``link``, an undocumented parameter) fails the script.
set -eu
cd "$(dirname "$0")/.."
output="${1:-.build/docs}"
modules="PlistKit KeyedArchive PlistCoding Sectioning BookModels PlistSchema XcodeProject PlistDocument PlistBuddy PlistDiff"
graphs=".build/docs/symbol-graphs"
scratch=".build/docs/build"   # a separate build folder, so the normal build stays warm
rm -rf "$graphs"
mkdir -p "$graphs" "$output"
# BookModels depends on PlistKit, KeyedArchive, PlistCoding and Sectioning; PlistDiff on PlistKit,
# KeyedArchive and PlistDocument; PlistDocument on PlistKit and XcodeProject; the others on PlistKit.
# (Each module is its own archive: link to another module's symbols as `code`, not ``links``.)
for target in BookModels PlistSchema PlistDocument PlistBuddy PlistDiff; do
  swift build --target "$target" --scratch-path "$scratch"
done
triple="$(uname -m)-unknown-linux-gnu"
docc="$(command -v docc || echo /opt/swift/usr/bin/docc)"
for module in $modules; do
  # The module's own graphs: its symbols, and its extensions of other modules' types.
  module_graphs="$graphs/$module"
  mkdir -p "$module_graphs"
  swift symbolgraph-extract -module-name "$module" -target "$triple" -minimum-access-level public \
    -I "$scratch/debug/Modules" -I Sources/CLibXML2 -I /usr/include/libxml2 -output-dir "$module_graphs"
  log=".build/docs/$module.log"
  "$docc" convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.plistkit.$module" \
    --output-path "$output/$module.doccarchive" 2>&1 | tee "$log"
  if grep -q "warning:" "$log"; then
    echo "docc warned about $module (see $log)" >&2
    exit 1
  fi
done
echo "documentation in $output/{$(echo "$modules" | tr ' ' ',')}.doccarchive (serve them with any static web server)"
