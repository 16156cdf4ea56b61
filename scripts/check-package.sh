#!/bin/bash
# Installs the Debian package with apt, checks what a user gets (plistkit, the plutil and
# PlistBuddy links, the man page, the completions), removes it with apt, and checks that every
# file it installed is gone: the whole cycle a user goes through, on this machine, without
# changing it. apt runs in a private mount namespace over overlays of /usr, /var and /etc, so
# nothing outside this script sees the package (the toolchain's own plutil stays what other
# programs find). Needs root, unshare(1) and overlayfs.
# Usage: scripts/check-package.sh PACKAGE.deb
set -euo pipefail
deb="$(realpath "${1:?usage: scripts/check-package.sh PACKAGE.deb}")"
samples="$(cd "$(dirname "$0")/.." && pwd)/Samples"
layers="$(mktemp -d)"
trap 'rm -rf "$layers"' EXIT
for dir in usr var etc; do mkdir -p "$layers/$dir/upper" "$layers/$dir/work"; done
export deb samples layers
unshare --mount bash -euo pipefail <<'INSIDE'
for dir in usr var etc; do
  mount -t overlay overlay -o "lowerdir=/$dir,upperdir=$layers/$dir/upper,workdir=$layers/$dir/work" "/$dir"
done
export DEBIAN_FRONTEND=noninteractive PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
fail() { echo "check-package.sh: $*" >&2; exit 1; }
! dpkg -s plistkit >/dev/null 2>&1 || fail "plistkit is installed already"
apt-get install -y -q "$deb" >/dev/null 2>&1 || fail "apt-get install failed"
echo "installed: $(dpkg -s plistkit | sed -n 's/^Version: //p')"
[ "$(/usr/bin/plistkit --version)" = "plistkit $(dpkg -s plistkit | sed -n 's/^Version: //p')" ] || fail "plistkit --version"
/usr/bin/plistkit convert "$samples/sortednames.plist" --to json >/dev/null || fail "plistkit convert"
/usr/bin/plutil -p "$samples/computers.plist" >/dev/null || fail "plutil link"
/usr/bin/PlistBuddy -c 'Print :0' "$samples/computers.plist" >/dev/null || fail "PlistBuddy link"
[ "$(man -w plistkit)" = /usr/share/man/man1/plistkit.1.gz ] || fail "man -w plistkit"
man plistkit 2>/dev/null | grep -q '^NAME' || fail "man plistkit"
bash -c 'source /usr/share/bash-completion/completions/plistkit && complete -p plistkit' >/dev/null || fail "bash completion"
[ -s /usr/share/zsh/site-functions/_plistkit ] || fail "zsh completion"
[ -s /usr/share/fish/vendor_completions.d/plistkit.fish ] || fail "fish completion"
files="$(dpkg -L plistkit)"
echo "works: plistkit, plutil, PlistBuddy, man plistkit, bash/zsh/fish completions ($(echo "$files" | wc -l) paths)"
apt-get remove -y -q plistkit >/dev/null 2>&1 || fail "apt-get remove failed"
! dpkg -s plistkit >/dev/null 2>&1 || fail "still installed after apt-get remove"
left=""
while read -r path; do
  [ -d "$path" ] && [ ! -L "$path" ] && continue
  if [ -e "$path" ] || [ -L "$path" ]; then left="$left $path"; fi
done <<< "$files"
[ -z "$left" ] || fail "left after apt-get remove:$left"
echo "removed: no file of the package is left"
INSIDE
