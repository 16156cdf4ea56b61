#!/bin/sh
# Builds the DocC documentation of the PlistKit library with the toolchain's docc, without
# the SwiftPM plugin: symbol graphs from `swift build`, then `docc convert`.
# Usage: scripts/build-docs.sh [output-folder]   (default .build/docs/PlistKit.doccarchive)
set -eu
cd "$(dirname "$0")/.."
output="${1:-.build/docs/PlistKit.doccarchive}"
graphs=".build/docs/symbol-graphs"
scratch=".build/docs/build"   # a separate build folder, so the normal build stays warm
rm -rf "$graphs"
mkdir -p "$graphs"
swift build --target PlistKit --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
# Keep only PlistKit's own graphs (not the C library's).
find "$graphs" -name '*.symbols.json' ! -name 'PlistKit*' -delete
docc="$(command -v docc || echo /opt/swift/usr/bin/docc)"
"$docc" convert Sources/PlistKit/PlistKit.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name PlistKit \
  --fallback-bundle-identifier org.plistkit.PlistKit \
  --output-path "$output"
echo "documentation in $output (serve it with any static web server)"
