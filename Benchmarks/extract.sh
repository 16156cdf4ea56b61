#!/bin/bash
# `plistkit extract` on a chat.db-shaped database (scripts/make-chat-db.py: MESSAGES rows, each
# attributedBody an NSArchiver typedstream as Messages writes it) against Python reading the same
# blobs with sqlite3 and decoding each with pytypedstream, side by side in the same run: wall and
# CPU time and peak memory, medians of RUNS runs. Python prints each message's text, as
# `extract --text` does; `extract` without it prints the plain view (the text and its attribute
# runs). Release build; prints the report.
# Usage: Benchmarks/extract.sh [MESSAGES] [RUNS]   (default 100000 messages, 5 runs)
#   PLISTKIT_BINARY=PATH measures that release binary instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
messages="${1:-100000}"
runs="${2:-5}"
if [ -n "${PLISTKIT_BINARY:-}" ]; then
  binary="$PLISTKIT_BINARY"
else
  swift build -c release --product plistkit >/dev/null
  binary="$(swift build -c release --show-bin-path)/plistkit"
fi
python3 -c 'import typedstream' || { echo "extract.sh: needs pytypedstream (pip install pytypedstream)" >&2; exit 2; }
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
python3 scripts/make-chat-db.py "$scratch/chat.db" --messages "$messages"
bytes=$(wc -c < "$scratch/chat.db")
# Both sides must have decoded every message to the same text, and the plain view must hold it.
"$binary" extract "$scratch/chat.db" --table message --column attributedBody --format json --text \
  | python3 -c 'import json, sys; [print(json.loads(line)["value"]) for line in sys.stdin]' > "$scratch/ours.txt"
"$binary" extract "$scratch/chat.db" --table message --column attributedBody --format json \
  | python3 -c 'import json, sys; [print(json.loads(line)["value"]["string"]) for line in sys.stdin]' > "$scratch/view.txt"
cmp -s "$scratch/ours.txt" "$scratch/view.txt" || { echo "extract.sh: --text and the plain view differ" >&2; exit 1; }
python3 Benchmarks/typedstream_text_peer.py "$scratch/chat.db" > "$scratch/theirs.txt"
cmp -s "$scratch/ours.txt" "$scratch/theirs.txt" || { echo "extract.sh: the texts differ" >&2; exit 1; }
[ "$(wc -l < "$scratch/ours.txt")" -ge "$messages" ] || { echo "extract.sh: messages missing" >&2; exit 1; }

median() { printf '%s\n' "$@" | sort -n | sed -n "$((($# + 1) / 2))p"; }
# measure LABEL COMMAND...: one table row of the medians; the wall median kept in $last_wall.
measure() {
  local label="$1"
  shift
  local walls=() cpus=() peaks=()
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$scratch/time" "$@" > /dev/null
    read -r wall user system peak < <(tail -n 1 "$scratch/time")
    walls+=("$wall")
    cpus+=("$(printf '%.2f' "$(echo "$user + $system" | bc)")")
    peaks+=("$peak")
  done
  last_wall=$(median "${walls[@]}")
  last_cpu=$(median "${cpus[@]}")
  printf '| %s | %s s | %s s | %d MB |\n' "$label" "$last_wall" "$last_cpu" $(($(median "${peaks[@]}") / 1024))
}

echo "# \`extract\`: the text of every message of a chat.db"
echo
echo "\`Benchmarks/extract.sh $messages $runs\` (release build)."
echo
echo "Run $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)."
echo "Database: $messages messages, $bytes bytes (\`scripts/make-chat-db.py\`); medians of $runs runs, both sides in this run."
echo
echo "| command | wall | CPU (user + system) | peak memory |"
echo "|---|---:|---:|---:|"
measure "\`plistkit extract chat.db --table message --column attributedBody --text\`" \
  "$binary" extract "$scratch/chat.db" --table message --column attributedBody --text
text_wall=$last_wall text_cpu=$last_cpu
measure "\`plistkit extract chat.db --table message --column attributedBody\` (plain view)" \
  "$binary" extract "$scratch/chat.db" --table message --column attributedBody
view_wall=$last_wall view_cpu=$last_cpu
measure "\`plistkit extract … --format json\` (plain view)" \
  "$binary" extract "$scratch/chat.db" --table message --column attributedBody --format json
measure "Python: sqlite3 + pytypedstream $(python3 -c 'import importlib.metadata as m; print(m.version("pytypedstream"))') (text)" \
  python3 Benchmarks/typedstream_text_peer.py "$scratch/chat.db"
echo
printf 'Python takes %.1f× the wall time and %.1f× the CPU time of `extract --text`, ' \
  "$(echo "$last_wall / $text_wall" | bc -l)" "$(echo "$last_cpu / $text_cpu" | bc -l)"
printf 'and %.1f× and %.1f× those of `extract` printing the plain view.\n' \
  "$(echo "$last_wall / $view_wall" | bc -l)" "$(echo "$last_cpu / $view_cpu" | bc -l)"
