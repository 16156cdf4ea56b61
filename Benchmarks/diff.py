#!/usr/bin/env python3
"""The diff and merge benchmark: `plistkit diff` and `merge` on two (three) large files,
against the time it takes to read them and against Python's plistlib loading and comparing.

    diff.py --plistkit BIN --corpora DIR --out DIFF-RESULTS.md [--sizes large] [--rounds 3]

The files are the records corpus of generate.py (about 100 MB of XML, 37 MB binary, at
large) and two edited copies: "ours" renames one record in a thousand and inserts and removes
fifty, "theirs" changes the score of other records and inserts fifty more elsewhere. "Read
both" is `plistkit type A` then `plistkit type B`: each reads its file whole into a value
with the library's reader (the `PropertyList.read` that diff calls for text files) and prints
the root's type, and keeps the value until it exits, as diff does. The target is a diff in at
most twice that time and at most three times the two files' size in memory. "Check both"
(`plistkit lint A`, `lint B`) is shown beside it as a floor, not as the target: lint streams
each file through the reader and builds no value at all, less than a diff can do, since it
must hold values to compare. Every command runs once as a warm-up (its output checked), then
`rounds` times in alternation; medians of wall and CPU time, the largest peak RSS.
"""
import argparse
import datetime
import os
import platform
import plistlib
import random
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (the runner's measuring and formatting)
import generate  # noqa: E402  (the same deterministic records)

MB = bench.MB

PLISTLIB_COMPARE = r"""
import plistlib, sys
with open(sys.argv[1], 'rb') as f: a = plistlib.load(f)
with open(sys.argv[2], 'rb') as f: b = plistlib.load(f)
sys.exit(0 if a == b else 1)
"""


def edited(records, side):
    """A copy of the records with one side's edits, deterministic per side."""
    rng = random.Random(f"plistkit-diff-{side}")
    result = [dict(record) for record in records]
    for index in range(0 if side == 'ours' else 500, len(result), 1000):
        if side == 'ours':
            result[index]['name'] += ' Jr.'
        else:
            result[index]['score'] = round(result[index]['score'] + 1, 3)
    if side == 'ours':
        for _ in range(50):
            del result[rng.randrange(len(result))]
    for number in range(50):
        record = generate.record(rng, 10_000_000 + number + (0 if side == 'ours' else 1000), True)
        result.insert(rng.randrange(len(result)), record)
    return result


def make_corpora(folder, size):
    """base, ours and theirs records in XML and binary; made once (marker file)."""
    paths = {(side, fmt): os.path.join(folder, f'diff-{side}-{size}.{fmt}')
             for side in ('base', 'ours', 'theirs') for fmt in ('xml', 'bplist')}
    marker = os.path.join(folder, f'.diff-done-{size}-v1')
    if os.path.exists(marker):
        return paths
    rng = random.Random(f"plistkit-{size}")
    base = generate.records(rng, generate.SCALE[size])
    for side, records in (('base', base), ('ours', edited(base, 'ours')), ('theirs', edited(base, 'theirs'))):
        for fmt, kind in (('xml', plistlib.FMT_XML), ('bplist', plistlib.FMT_BINARY)):
            generate.write(paths[(side, fmt)], records, kind)
    open(marker, 'w').close()
    return paths


def measure(commands, rounds, scratch, log):
    """commands: {name: [argv, ...]} (several argv run one after the other, figures summed).
    Returns {name: (wall median, cpu median, peak RSS, exit statuses, stdout of the warm-up)}."""
    figures = {name: [] for name in commands}
    outputs = {}
    for round_number in range(rounds + 1):
        for name, steps in commands.items():
            wall = cpu = 0.0
            peak = 0
            statuses = []
            stdout = b''
            for argv in steps:
                result = bench.run_once(argv, os.path.join(scratch, 'stdout'), 3600)
                if result is None:
                    raise SystemExit(f'{name} timed out')
                step_wall, step_cpu, step_peak, status, output = result
                wall, cpu, peak = wall + step_wall, cpu + step_cpu, max(peak, step_peak)
                statuses.append(status)
                stdout += output
            if round_number == 0:
                outputs[name] = (statuses, stdout)
                log(f'  warm-up {name}: {bench.fmt_seconds(wall)}, exit {statuses}')
            else:
                figures[name].append((wall, cpu, peak))
    return {name: (statistics.median(w for w, _, _ in runs), statistics.median(c for _, c, _ in runs),
                   max(p for _, _, p in runs), outputs[name][0], outputs[name][1])
            for name, runs in figures.items()}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--plistkit', required=True)
    parser.add_argument('--corpora', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--sizes', default='large')
    parser.add_argument('--rounds', type=int, default=3)
    args = parser.parse_args()
    log = lambda text: print(text, file=sys.stderr, flush=True)
    pk = args.plistkit
    os.makedirs(args.corpora, exist_ok=True)
    scratch = os.path.join(args.corpora, 'diff-scratch')
    os.makedirs(scratch, exist_ok=True)
    load = os.getloadavg()
    lines = ['# Diff and merge benchmark', '',
             f'Measured by `Benchmarks/diff.sh` on '
             f'{datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}. '
             'Do not edit by hand: run the script again.', '']
    lines += bench.machine_description(pk)[:4]
    lines += [f'- Load average when the run started: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} '
              f'({os.cpu_count()} cores, shared with other work)', '',
              __doc__.split('\n\n', 2)[2].replace('\n', ' ').strip(), '']
    table = ['| files | size (each) | command | wall | CPU | peak RSS | RSS ÷ both files | × read both (wall) '
             '| × read both (CPU) |', '|---|---:|---|---:|---:|---:|---:|---:|---:|']
    targets = []
    for size in args.sizes.split(','):
        log(f'corpora for {size}...')
        paths = make_corpora(args.corpora, size)
        for fmt, label in (('xml', 'XML'), ('bplist', 'binary')):
            base, ours, theirs = (paths[(side, fmt)] for side in ('base', 'ours', 'theirs'))
            both = os.path.getsize(base) + os.path.getsize(ours)
            out = os.path.join(scratch, f'merged.{fmt}')
            commands = {
                'read both (type A; type B)': [[pk, 'type', base], [pk, 'type', ours]],
                'check both (lint A; lint B)': [[pk, 'lint', base], [pk, 'lint', ours]],
                'plistkit diff A B': [[pk, 'diff', base, ours]],
                'plistkit diff A B --format json': [[pk, 'diff', base, ours, '--format', 'json']],
                'plistlib: load both, ==': [[bench.PY, '-c', PLISTLIB_COMPARE, base, ours]],
                'read three (type ×3)': [[pk, 'type', base], [pk, 'type', ours], [pk, 'type', theirs]],
                'plistkit merge BASE OURS THEIRS -o OUT': [[pk, 'merge', base, ours, theirs, '-o', out]],
            }
            log(f'{label} {size}:')
            results = measure(commands, args.rounds, scratch, log)
            # Check the outputs before scoring them.
            diff_lines = results['plistkit diff A B'][4].decode().splitlines()
            assert results['plistkit diff A B'][3] == [1], 'diff must exit 1'
            assert any(line.endswith(' Jr."') for line in diff_lines), 'diff must find the renames'
            assert results['plistkit merge BASE OURS THEIRS -o OUT'][3] == [0], 'merge must be clean'
            with open(out, 'rb') as handle:
                merged = plistlib.load(handle)
            with open(theirs, 'rb') as handle:
                theirs_value = plistlib.load(handle)
            assert len(merged) == len(theirs_value), 'the merge keeps both sides\' insertions'
            assert [line.decode() for line in results['read both (type A; type B)'][4].splitlines()] == \
                ['array', 'array'], 'type reads each file whole'
            read = results['read both (type A; type B)']
            check = results['check both (lint A; lint B)']
            read_three = results['read three (type ×3)']
            for name, (wall, cpu, peak, _, _) in results.items():
                reference = read_three if 'merge' in name or 'three' in name else read
                ratio = '' if name.startswith('read') else f'{wall / reference[0]:.2f}×'
                cpu_ratio = '' if name.startswith('read') else f'{cpu / reference[1]:.2f}×'
                files = both + (os.path.getsize(theirs) if reference is read_three else 0)
                table.append(f'| {label} {size} | {bench.fmt_bytes(os.path.getsize(base))} | {name} | '
                             f'{bench.fmt_seconds(wall)} | {bench.fmt_seconds(cpu)} | {bench.fmt_bytes(peak)} | '
                             f'{peak / files:.2f} | {ratio} | {cpu_ratio} |')
            diff = results['plistkit diff A B']
            targets.append(f'| diff {label} {size} ≤ 2× read both | {diff[0] / read[0]:.2f}× (CPU {diff[1] / read[1]:.2f}×) '
                           f'| {"yes" if diff[0] <= 2 * read[0] else "no"} |')
            targets.append(f'| diff {label} {size} ≤ 3× the two files in memory | {diff[2] / both:.2f}× '
                           f'| {"yes" if diff[2] <= 3 * both else "no"} |')
            targets.append(f'| (floor, not the target) diff {label} {size} against check both (lint, no value) '
                           f'| {diff[0] / check[0]:.2f}× (CPU {diff[1] / check[1]:.2f}×) '
                           f'| {"within 2×" if diff[0] <= 2 * check[0] else "over 2×"} |')
            merge = results['plistkit merge BASE OURS THEIRS -o OUT']
            targets.append(f'| (for reference) merge {label} {size} against read three | '
                           f'{merge[0] / read_three[0]:.2f}× (CPU {merge[1] / read_three[1]:.2f}×), '
                           f'{merge[2] / (both + os.path.getsize(theirs)):.2f}× the three files in memory | |')
            log(f'  {len(diff_lines)} differences')
    lines += table + ['', '## Targets', '', '| target | measured | met |', '|---|---|---|'] + targets + ['']
    with open(args.out, 'w') as handle:
        handle.write('\n'.join(lines))
    log(f'wrote {args.out}')


if __name__ == '__main__':
    main()
