#!/usr/bin/env bash
# Builds one libFuzzer target with AddressSanitizer and runs it.
#
#   Fuzz/run.sh TARGET [SECONDS]     TARGET: xml binary json openstep archive schema roundtrip stream document
#                                            layout wildcard buddy routes plist-decoder archive-decoder typedstream
#                                            extract
#   Fuzz/run.sh --list
#
# The working corpus (Fuzz/corpus-work/TARGET) starts from the seeds in Samples/, the test
# fixtures and, where ../shared/corpus is beside the project, its third-party files (never
# copied into the project), and grows across runs; crashes, leaks and timeouts land in
# Fuzz/artifacts/TARGET/.
# Each finding is fixed with a regression test that holds the reproducer (see Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."

targets="xml binary json openstep archive schema roundtrip stream document layout wildcard buddy routes plist-decoder archive-decoder typedstream extract"
if [ "${1:-}" = "--list" ]; then echo "$targets"; exit 0; fi
target="${1:?usage: Fuzz/run.sh TARGET [SECONDS] (targets: $targets)}"
seconds="${2:-600}"
case " $targets " in *" $target "*) ;; *) echo "unknown target $target (targets: $targets)" >&2; exit 2 ;; esac

export PLISTKIT_FUZZ=1
build=.build-fuzz
swift build -c release --build-path "$build" --product "fuzz-$target" \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -g >&2
bin="$(swift build -c release --build-path "$build" --show-bin-path)/fuzz-$target"

work="Fuzz/corpus-work/$target"
artifacts="Fuzz/artifacts/$target"
mkdir -p "$work" "$artifacts"
seed() { for file in "$@"; do [ -f "$file" ] && cp -n "$file" "$work/" 2>/dev/null || true; done; }
# Third-party seeds: the shared test corpus beside the project, when it is there.
corpus=../shared/corpus
case "$target" in
  xml) seed Samples/*.plist $(grep -rl --include='*.plist' '<?xml' Tests "$corpus/apple-archives" 2>/dev/null) ;;
  binary|archive) seed $(grep -rl 'bplist00' Samples Tests "$corpus/apple-archives" 2>/dev/null) ;;
  json) seed Samples/*.json Tests/*/Fixtures/*.json ;;
  schema) seed Schemas/*.json "$corpus"/json-schema-test-suite/remotes/*.json ;;
  openstep) seed Samples/*.strings Samples/*.pbxproj Tests/*/Fixtures/*.strings Tests/*/Fixtures/*.pbxproj ;;
  roundtrip) seed Samples/* ;;
  # The corpus's typedstreams (not its SOURCES.tsv), a string, and an attributed string whose
  # odd first byte stands for the header (the target's shortcut past the signature).
  typedstream)
    seed "$corpus"/typedstream/*[!v]
    printf '\x04\x0bstreamtyped\x81\xe8\x03\x84\x01@\x84\x84\x84\x08NSString\x01\x84\x84\x08NSObject\x00\x85\x84\x01+\x05Hello\x86' \
      > "$work/seed-string"
    printf '\x01\x81\xe8\x03\x84\x01@\x84\x84\x84\x12NSAttributedString\x00\x84\x84\x08NSObject\x00\x85\x92\x84\x84\x84\x08NSString\x01\x93\x84\x01+\x02Hi\x86\x84\x02iI\x01\x02\x92\x84\x84\x84\x0cNSDictionary\x00\x93\x84\x01i\x00\x86\x86' \
      > "$work/seed-attributed"
    ;;
  stream)
    seed Samples/*.plist Samples/*.json Tests/*/Fixtures/*.json \
      $(grep -rl 'bplist00' Tests "$corpus/apple-archives" 2>/dev/null) ;;
  plist-decoder)
    seed Samples/*.plist $(grep -rl 'bplist00' Samples Tests "$corpus/apple-archives" 2>/dev/null)
    # Records that spell the fixed type's keys (FuzzCodableTypes' FuzzRecord), in XML and binary.
    python3 - "$work" <<'PY'
import datetime, plistlib, sys
record = {'name': 'a', 'index': 1, 'small': -3, 'short': 300, 'medium': 70000, 'wide': 2**63, 'score': 0.5,
          'ratio': 1.5, 'active': True, 'created': datetime.datetime(2001, 1, 1), 'blob': b'\x00\xff',
          'link': {'relative': 'https://example.com/a'}, 'id': '5F8B6C1E-0D6A-4E3F-9F0B-2B1C3D4E5F60',
          'tags': ['x', 'y'], 'byNumber': ['1', 'one', '2', 'two'], 'byName': {'k': [1, '$null', 3]},
          'kind': 'fancy', 'shape': {'rectangle': {'width': 2, 'height': 3}}, 'base': {'label': 'b', 'level': 7}}
records = [record, dict(record, name='b', children=[dict(record, name='c')], shape={'point': {}})]
for name, fmt in (('records.xml', plistlib.FMT_XML), ('records.bplist', plistlib.FMT_BINARY)):
    with open(f'{sys.argv[1]}/{name}', 'wb') as handle:
        plistlib.dump(records, handle, fmt=fmt, sort_keys=False)
PY
    ;;
  archive-decoder) seed $(grep -rl --exclude='*.swift' '\$archiver' Samples Tests "$corpus/apple-archives" 2>/dev/null) ;;
  document)
    seed Samples/*.strings Samples/*.pbxproj Samples/koreanmenu.plist "$corpus"/xcode/*.strings \
      Tests/*/Fixtures/*.json
    # XML with empty containers written with start and end tags, or holding only a comment or a
    # processing instruction, which no sample has: every edit of such a file once crashed.
    printf '<plist version="1.0"><dict></dict></plist>' > "$work/empty-dict.plist"
    printf '<plist version="1.0"><array>\n</array></plist>' > "$work/empty-array.plist"
    printf '<plist><dict><key>b</key><dict><!-- none --></dict><key>k</key><data></data></dict></plist>' \
      > "$work/comment-dict.plist"
    printf '<plist><dict><key>b</key><array><?pi x?></array><key>c</key><string>x</string></dict></plist>' \
      > "$work/pi-array.plist"
    printf '<plist><array><array></array><array> <!-- --> </array></array></plist>' > "$work/nested-empty.plist"
    ;;
  wildcard)
    # A graph of shared containers (first byte even) or a binary plist (odd), after a pattern.
    # An array holding its child twice, five levels, under `*.*.*.*.*` and `*.0.*.1.*`.
    printf '\x00\x05\x00\x00\x00\x00\x00\x07\x01\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00' \
      > "$work/doubling-any"
    printf '\x00\x05\x00\x01\x00\x02\x00\x07\x01\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00\x0a\x00\x00' \
      > "$work/doubling-index"
    for file in $(grep -rl 'bplist00' Samples 2>/dev/null | head -20); do
      { printf '\x01\x02\x00\x04'; cat "$file"; } > "$work/sample-$(basename "$file")"
    done
    ;;
  buddy)
    # Each byte picks a command, an entry, a type or a file (see the target): a few runs of
    # each command, and some that reach the deep entries, start the corpus.
    for code in 0 1 2 3 4 5 6 7 8; do for n in 1 2; do
      head -c 64 /dev/urandom | { printf "\\x0$n\\x0$code\\xf$n"; cat; } > "$work/seed-$code-$n"
    done; done
    ;;
  routes)
    # A sample a reader takes is a value; any other bytes make one with the tests' generator.
    seed Samples/*.plist Samples/*.json Samples/*.strings
    for n in 1 2 3 4 5 6; do head -c 512 /dev/urandom > "$work/seed-random-$n"; done
    ;;
  extract)
    # A blob after an even byte (bit 1 opens nested plists, bit 2 takes a typedstream's text
    # alone), a database after an odd one: the corpus's databases and a small one written here
    # with a blob of every kind, a plist in text, and a table without rowid.
    for file in Samples/*.plist $(grep -rl 'bplist00' Samples 2>/dev/null | head -20) "$corpus"/typedstream/*[!v]; do
      [ -f "$file" ] || continue
      for mode in 0 2 4; do { printf "\\x0$mode"; cat "$file"; } > "$work/blob-$mode-$(basename "$file")"; done
    done
    for file in "$corpus"/sqlite/*.sqlite; do
      [ -f "$file" ] && { printf '\x01'; cat "$file"; } > "$work/database-$(basename "$file")"
    done
    python3 - "$work" <<'PY'
import os, plistlib, sqlite3, sys, tempfile
path = os.path.join(tempfile.mkdtemp(), 'seed.sqlite')
db = sqlite3.connect(path)
db.execute('PRAGMA page_size = 512')
db.execute('CREATE TABLE message (ROWID INTEGER PRIMARY KEY, text TEXT, attributedBody BLOB, payload BLOB)')
db.execute('CREATE TABLE pairs (key TEXT PRIMARY KEY, value BLOB) WITHOUT ROWID')
archive = {'$archiver': 'NSKeyedArchiver', '$version': 100000, '$top': {'root': plistlib.UID(1)},
           '$objects': ['$null', 'Hello']}
typed = (b'\x04\x0bstreamtyped\x81\xe8\x03\x84\x01@\x84\x84\x84\x08NSString\x01\x84\x84\x08NSObject'
         b'\x00\x85\x84\x01+\x05Hello\x86')
db.execute('INSERT INTO message VALUES (1, ?, ?, ?)',
           (plistlib.dumps({'a': 1}).decode(), typed, plistlib.dumps(archive, fmt=plistlib.FMT_BINARY)))
db.execute('INSERT INTO message VALUES (2, NULL, ?, ?)', (b'\x04\x0bstreamtyped\x00', b'bplist00\x00'))
db.execute('INSERT INTO pairs VALUES (?, ?)', ('k', plistlib.dumps([1, 'two'], fmt=plistlib.FMT_BINARY)))
db.commit()
db.close()
with open(path, 'rb') as source, open(os.path.join(sys.argv[1], 'database-seed'), 'wb') as seed:
    seed.write(b'\x01' + source.read())
PY
    ;;
  layout)
    # Any bytes make a case; a few of each kind start the corpus.
    for kind in 0 1 2 3; do for n in 1 2 3; do
      head -c 256 /dev/urandom | { printf "\\x0$kind"; cat; } > "$work/seed-$kind-$n"
    done; done
    ;;
esac

# libFuzzer's memory limit counts AddressSanitizer's quarantine of freed memory (256 MB by
# default), which a slow target that allocates much fills by itself: a smaller quarantine keeps
# the limit about the target's own memory (an ASAN_OPTIONS of your own replaces it).
export ASAN_OPTIONS="${ASAN_OPTIONS:-quarantine_size_mb=64}"
exec "$bin" "$work" -rss_limit_mb=512 -timeout="${FUZZ_TIMEOUT:-2}" -max_total_time="$seconds" \
  -artifact_prefix="$artifacts/" -print_final_stats=1
