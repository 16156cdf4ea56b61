#!/bin/sh
# Builds the release packages of plistkit: a Debian package and a tarball, each with the static
# binary, its man page, its bash, zsh and fish completions, the plutil and PlistBuddy links, and
# the README with the guides of Documentation/.
#
# Usage: scripts/package.sh [--binary PATH] [--output DIR]
#
#   --binary PATH  package this binary instead of building one
#                  (`swift build -c release --static-swift-stdlib`)
#   --output DIR   where the packages go (default: .build/packages)
#   $MAINTAINER    the control file's Maintainer (default: PlistKit developers)
#
# Writes DIR/plistkit_VERSION_ARCH.deb and DIR/plistkit-VERSION-linux-ARCH.tar.gz, VERSION being
# what `plistkit --version` prints. Install the first with `apt install ./plistkit_…deb` (remove
# with `apt remove plistkit`); unpack the second anywhere and put its bin/ on the PATH. The
# files are laid out by scripts/install.sh, so the packages hold what an install holds.
set -eu
cd "$(dirname "$0")/.."

binary=""
output=".build/packages"
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) [ $# -ge 2 ] || { echo "package.sh: --binary needs a path" >&2; exit 2; }; binary="$2"; shift 2 ;;
    --output) [ $# -ge 2 ] || { echo "package.sh: --output needs a folder" >&2; exit 2; }; output="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "package.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
command -v dpkg-deb >/dev/null 2>&1 || { echo "package.sh: dpkg-deb is missing (Debian package dpkg)" >&2; exit 1; }

if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product plistkit
  binary="$(swift build -c release --static-swift-stdlib --product plistkit --show-bin-path)/plistkit"
fi
[ -x "$binary" ] || { echo "package.sh: $binary is not an executable" >&2; exit 1; }
case "$binary" in
  /*) ;;
  *) binary="$(pwd)/$binary" ;;
esac

version="$("$binary" --version | awk '{print $2}')"
case "$version" in
  [0-9]*) ;;
  *) echo "package.sh: '$binary --version' gave no version" >&2; exit 1 ;;
esac
architecture="$(dpkg --print-architecture)"
mkdir -p "$output"
output="$(cd "$output" && pwd)"
staging="$(mktemp -d)"
trap 'rm -rf "$staging"' EXIT

# The Debian package: the files under /usr, as install.sh lays them out. dpkg keeps its own
# list of the package's files, so install.sh's record of them is left out.
deb_root="$staging/deb"
DESTDIR="$deb_root" scripts/install.sh --prefix /usr --binary "$binary" >/dev/null
rm -rf "$deb_root/usr/share/plistkit"
gzip -9n "$deb_root/usr/share/man/man1/plistkit.1"
mkdir -p "$deb_root/usr/share/doc/plistkit"
cp LICENSE "$deb_root/usr/share/doc/plistkit/copyright"
# The README and the guides, where its links and the man page's SEE ALSO lead.
cp -R README.md Documentation "$deb_root/usr/share/doc/plistkit/"
# The shared libraries the binary needs (the Swift runtime is linked in), as package names.
depends="$(ldd "$binary" | awk '/=>/ {print $3}' | while read -r library; do
  dpkg -S "$(readlink -f "$library")" 2>/dev/null || dpkg -S "$library" 2>/dev/null || true
done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')"
installed_size="$(du -sk "$deb_root/usr" | cut -f1)"
mkdir -p "$deb_root/DEBIAN"
cat > "$deb_root/DEBIAN/control" <<EOF
Package: plistkit
Version: $version
Architecture: $architecture
Maintainer: ${MAINTAINER:-PlistKit developers <maintainers@plistkit.invalid>}
Installed-Size: $installed_size
Depends: $depends
Section: utils
Priority: optional
Description: read, write, convert and edit Apple property lists and keyed archives
 plistkit reads and writes every property list format (XML, binary, JSON in a plain and a
 typed form, OpenStep), decodes and encodes NSKeyedArchiver archives, edits files by key
 path without reformatting them, diffs and merges them in git, validates them against JSON
 Schemas, and runs as plutil and PlistBuddy.
EOF
deb="$output/plistkit_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$deb_root" "$deb" >/dev/null
echo "wrote $deb"

# The tarball: the same files under one folder, to unpack anywhere.
name="plistkit-$version-linux-$(uname -m)"
tar_root="$staging/$name"
DESTDIR="$tar_root" scripts/install.sh --prefix / --binary "$binary" >/dev/null
rm -rf "$tar_root/share/plistkit"
cp -R LICENSE README.md Documentation "$tar_root/"
tarball="$output/$name.tar.gz"
tar -C "$staging" --owner=0 --group=0 --numeric-owner -czf "$tarball" "$name"
echo "wrote $tarball"
