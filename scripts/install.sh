#!/bin/sh
# Installs plistkit: the binary, its man page, its bash, zsh and fish completions, and the
# links under which it runs as another tool (plutil; PlistBuddy once the binary has that mode).
#
# Usage: scripts/install.sh [--prefix DIR] [--binary PATH] [--force]
#        scripts/install.sh --uninstall [--prefix DIR]
#
#   --prefix DIR   where to install (default: $PREFIX, else /usr/local): DIR/bin,
#                  DIR/share/man/man1, DIR/share/{bash-completion,zsh,fish}/…
#   --binary PATH  install this binary instead of building one
#                  (`swift build -c release --static-swift-stdlib`)
#   --force        replace a file that is in the way of a link (another plutil)
#   --uninstall    remove what an install into the prefix put there, and nothing else
#
# $DESTDIR, when set, is put before every path (for packaging into a staging folder).
# The files installed are listed in PREFIX/share/plistkit/installed-files, which
# --uninstall reads.
set -eu
cd "$(dirname "$0")/.."

# The names the binary also answers to, each as NAME:MODE; a link is made only when
# `plistkit help MODE` says the binary has that mode, so PlistBuddy is linked from the first
# release that has it. Add an entry here for a new mode.
links="plutil:plutil PlistBuddy:buddy"

prefix="${PREFIX:-/usr/local}"
binary=""
force=0
uninstall=0
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }; prefix="$2"; shift 2 ;;
    --prefix=*) prefix="${1#--prefix=}"; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a path" >&2; exit 2; }; binary="$2"; shift 2 ;;
    --force) force=1; shift ;;
    --uninstall) uninstall=1; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in
  /*) ;;
  *) prefix="$(pwd)/$prefix" ;;
esac

root="${DESTDIR:-}$prefix"
bindir="$root/bin"
mandir="$root/share/man/man1"
bashdir="$root/share/bash-completion/completions"
zshdir="$root/share/zsh/site-functions"
fishdir="$root/share/fish/vendor_completions.d"
record="$root/share/plistkit/installed-files"

if [ "$uninstall" = 1 ]; then
  if [ ! -f "$record" ]; then
    echo "install.sh: nothing to uninstall: $record is missing" >&2
    exit 1
  fi
  while IFS= read -r file; do
    if [ -L "$file" ] || [ -f "$file" ]; then rm -f "$file"; echo "removed $file"; fi
  done < "$record"
  rm -f "$record"
  # The folders the install made, if they are empty now.
  for folder in "$root/share/plistkit" "$fishdir" "$root/share/fish" "$zshdir" "$root/share/zsh" "$bashdir" \
    "$root/share/bash-completion" "$mandir" "$root/share/man" "$root/share" "$bindir"; do
    rmdir "$folder" 2>/dev/null || true
  done
  exit 0
fi

if [ -z "$binary" ]; then
  swift build -c release --static-swift-stdlib --product plistkit
  binary="$(swift build -c release --static-swift-stdlib --product plistkit --show-bin-path)/plistkit"
fi
[ -x "$binary" ] || { echo "install.sh: $binary is not an executable" >&2; exit 1; }

mkdir -p "$bindir" "$mandir" "$bashdir" "$zshdir" "$fishdir" "$(dirname "$record")"
installed=""
put() { installed="$installed$1
"; }

# The binary goes to a temporary name first, so a failed copy never leaves half a binary.
cp "$binary" "$bindir/.plistkit.installing"
chmod 755 "$bindir/.plistkit.installing"
mv -f "$bindir/.plistkit.installing" "$bindir/plistkit"
put "$bindir/plistkit"
tool="$bindir/plistkit"

cp man/plistkit.1 "$mandir/plistkit.1"
chmod 644 "$mandir/plistkit.1"
put "$mandir/plistkit.1"

"$tool" completions bash > "$bashdir/plistkit"
"$tool" completions zsh > "$zshdir/_plistkit"
"$tool" completions fish > "$fishdir/plistkit.fish"
put "$bashdir/plistkit"
put "$zshdir/_plistkit"
put "$fishdir/plistkit.fish"

for entry in $links; do
  name="${entry%%:*}"
  mode="${entry#*:}"
  if ! "$tool" help "$mode" > /dev/null 2>&1; then
    echo "skipped $bindir/$name: this plistkit has no $mode mode"
    continue
  fi
  link="$bindir/$name"
  if [ -e "$link" ] || [ -L "$link" ]; then
    if [ "$(readlink "$link" 2>/dev/null || true)" != "plistkit" ] && [ "$force" = 0 ]; then
      echo "install.sh: $link exists and is not plistkit's link: left alone (--force replaces it)" >&2
      continue
    fi
    rm -f "$link"
  fi
  ln -s plistkit "$link"
  put "$link"
done

printf '%s' "$installed" > "$record"
printf '%s' "$installed" | sed 's/^/installed /'
echo "installed the list above into $root (uninstall: scripts/install.sh --uninstall --prefix $prefix)"
