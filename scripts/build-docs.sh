#!/bin/sh
# Builds the DocC documentation of a library (PlistKit by default, or PlistDiff) with the
# toolchain's docc, without the SwiftPM plugin: symbol graphs from `swift build`, then
# `docc convert`.
# Usage: scripts/build-docs.sh [output-folder] [target]   (default .build/docs/TARGET.doccarchive)
set -eu
cd "$(dirname "$0")/.."
target="${2:-PlistKit}"
output="${1:-.build/docs/$target.doccarchive}"
graphs=".build/docs/symbol-graphs"
scratch=".build/docs/build"   # a separate build folder, so the normal build stays warm
rm -rf "$graphs"
mkdir -p "$graphs"
# The graphs are written when the module compiles: remove its outputs so that it does.
rm -f "$scratch"/*/debug/"$target".build/*.o "$scratch"/*/debug/Modules/"$target".swiftmodule
swift build --target "$target" --scratch-path "$scratch" \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
# Keep only the target's own graphs (not its dependencies', nor the C library's); a library's
# extensions of another module's types are in TARGET@MODULE graphs, which are kept.
find "$graphs" -name '*.symbols.json' ! -name "$target*" -delete
docc="$(command -v docc || echo /opt/swift/usr/bin/docc)"
"$docc" convert "Sources/$target/$target.docc" \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name "$target" \
  --fallback-bundle-identifier "org.plistkit.$target" \
  --output-path "$output"
echo "documentation in $output (serve it with any static web server)"
