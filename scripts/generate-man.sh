#!/bin/sh
# Regenerates man/plistkit.1 from the command table (the same source as --help).
# Usage: scripts/generate-man.sh [path-to-plistkit]
set -eu
cd "$(dirname "$0")/.."
binary="${1:-}"
if [ -z "$binary" ]; then
  swift build --product plistkit >/dev/null
  binary="$(swift build --show-bin-path)/plistkit"
fi
mkdir -p man
"$binary" help --man > man/plistkit.1.tmp
mv man/plistkit.1.tmp man/plistkit.1
echo "wrote man/plistkit.1"
