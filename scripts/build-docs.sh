#!/bin/sh
# Builds the DocC documentation of the PlistKit and PlistCoding libraries with the toolchain's
# docc, without the SwiftPM plugin: the modules from `swift build`, their symbol graphs from
# swift-symbolgraph-extract (so an up-to-date build still has them), then `docc convert`.
# Usage: scripts/build-docs.sh [output-folder]   (default .build/docs; one .doccarchive per library)
set -eu
cd "$(dirname "$0")/.."
output="${1:-.build/docs}"
graphs=".build/docs/symbol-graphs"
scratch=".build/docs/build"   # a separate build folder, so the normal build stays warm
bin="$(dirname "$(command -v swift)")"
docc="$(command -v docc || echo "$bin/docc")"
extract="$(command -v swift-symbolgraph-extract || echo "$bin/swift-symbolgraph-extract")"
target="$(swift -print-target-info | sed -n 's/.*"triple": "\(.*\)".*/\1/p' | head -1)"
# The libxml2 module map needs libxml2's headers, as the build finds them through pkg-config.
xml_includes="$(pkg-config --cflags-only-I libxml-2.0 | sed 's/-I/-Xcc -I/g')"
mkdir -p "$output"
for library in PlistKit PlistCoding; do
  swift build --target "$library" --scratch-path "$scratch"
  rm -rf "$graphs"
  mkdir -p "$graphs"
  # shellcheck disable=SC2086 # the include flags are several words on purpose
  "$extract" -module-name "$library" -target "$target" -minimum-access-level public \
    -I "$scratch/debug/Modules" -I Sources/CLibXML2 $xml_includes -output-dir "$graphs"
  "$docc" convert "Sources/$library/$library.docc" \
    --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$library" \
    --fallback-bundle-identifier "org.plistkit.$library" \
    --output-path "$output/$library.doccarchive"
  echo "documentation in $output/$library.doccarchive (serve it with any static web server)"
done
