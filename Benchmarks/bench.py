#!/usr/bin/env python3
"""The PlistKit benchmark runner: every job, PlistKit and its peers in alternation.

    bench.py --plistkit BIN --corpora DIR --out RESULTS.md [--quick] [--search-bench BIN]
             [--baseline BIN [--baseline-search-bench BIN]] [--no-peers]

For each job and input, every tool runs once as a warm-up (its output is then verified: a
fast wrong answer cannot score), then `rounds` times in alternation (A B C A B C …), so that
a slow phase of the machine hits all tools alike. Each run is one process; the runner takes
its wall time, its CPU time (user + system) and its peak resident set from wait4's rusage.
The tables give medians, and the ratio of each peer's median wall time to PlistKit's.

With --baseline, another build of PlistKit (an earlier commit's release binary) runs as one
more tool, "PlistKit before", in the same alternation, and a before/after table closes the
results: a ratio above 1 means the build under test is faster. --no-peers leaves the other
tools out, for a quick before/after run.
"""
import argparse
import base64
import datetime
import json
import os
import platform
import plistlib
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

REFERENCE = datetime.datetime(2001, 1, 1)
PY = sys.executable
MB = 1024 * 1024
BEFORE = 'PlistKit before'


# ---------------------------------------------------------------------------------------------
# Peers as small Python programs (each its own process, as a user would run it).

PLISTLIB_CONVERT = r"""
import plistlib, sys
with open(sys.argv[1], 'rb') as f: value = plistlib.load(f)
with open(sys.argv[2], 'wb') as f: plistlib.dump(value, f, fmt=plistlib.FMT_BINARY if sys.argv[3] == 'binary' else plistlib.FMT_XML, sort_keys=False)
"""

PLISTLIB_TO_JSON = r"""
import base64, datetime, json, plistlib, sys
def plain(o):
    if isinstance(o, datetime.datetime): return o.strftime('%Y-%m-%dT%H:%M:%SZ')
    if isinstance(o, bytes): return base64.b64encode(o).decode()
    if isinstance(o, plistlib.UID): return {'CF$UID': o.data}
    raise TypeError(type(o))
with open(sys.argv[1], 'rb') as f: value = plistlib.load(f)
with open(sys.argv[2], 'w') as f: json.dump(value, f, default=plain, ensure_ascii=False, indent=2)
"""

PLISTLIB_FROM_JSON = r"""
import json, plistlib, sys
with open(sys.argv[1], 'rb') as f: value = json.load(f)
with open(sys.argv[2], 'wb') as f: plistlib.dump(value, f, fmt=plistlib.FMT_BINARY, sort_keys=False)
"""

PLISTLIB_LINT = r"""
import plistlib, sys
with open(sys.argv[1], 'rb') as f: plistlib.load(f)
print(sys.argv[1] + ': OK')
"""

PLISTLIB_FILTER = r"""
import plistlib, sys
term = sys.argv[2].casefold()
with open(sys.argv[1], 'rb') as f: sections = plistlib.load(f)
out = sys.stdout
for key in sorted(sections):
    for name in sections[key]:
        if term in name.casefold(): out.write(name + '\n')
"""

NSKA_UNARCHIVE = r"""
import json, sys
import nska_deserialize
with open(sys.argv[1], 'rb') as f: value = nska_deserialize.deserialize_plist(f, full_recurse_convert_nska=True)
with open(sys.argv[2], 'w') as f: json.dump(value, f, default=str, ensure_ascii=False)
"""


# ---------------------------------------------------------------------------------------------
# Verification: what each output must contain.

class Mismatch(Exception):
    """An output differs from what it must be; the message says where and how."""


def same(a, b, path='(root)'):
    """Equal as plist values: numbers by value, but booleans only equal booleans.

    Raises Mismatch naming the first difference, so the results say why an output is wrong.
    """
    def differ(why):
        raise Mismatch(f'{path}: {why}')
    if isinstance(a, bool) or isinstance(b, bool):
        if not (type(a) is bool and type(b) is bool and a == b):
            differ(f'{a!r} instead of {b!r}')
    elif isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if not (a == b or (a != a and b != b)):
            differ(f'{a!r} instead of {b!r}')
    elif isinstance(a, dict) and isinstance(b, dict):
        if a.keys() != b.keys():
            differ(f'keys differ ({sorted(set(a) ^ set(b))[:3]})')
        for key in a:
            same(a[key], b[key], f'{path}.{key}' if path != '(root)' else str(key))
    elif isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            differ(f'{len(a)} elements instead of {len(b)}')
        for index, (x, y) in enumerate(zip(a, b)):
            same(x, y, f'{path}.{index}' if path != '(root)' else str(index))
    elif not (type(a) is type(b) and a == b):
        differ(f'{str(a)[:40]!r} instead of {str(b)[:40]!r}')
    return True


def plain_json_view(value):
    """What a plain JSON conversion of a plist must give."""
    if isinstance(value, dict):
        return {k: plain_json_view(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain_json_view(v) for v in value]
    if isinstance(value, datetime.datetime):
        return value.strftime('%Y-%m-%dT%H:%M:%SZ')
    if isinstance(value, bytes):
        return base64.b64encode(value).decode()
    return value


def load_plist(path):
    with open(path, 'rb') as handle:
        return plistlib.load(handle)


def verify_plist(expected_path):
    expected = load_plist(expected_path)
    return lambda out, stdout: same(load_plist(out), expected)


def verify_json(expected_path):
    expected = plain_json_view(load_plist(expected_path))
    def check(out, stdout):
        with open(out, 'rb') as handle:
            return same(json.load(handle), expected)
    return check


def verify_lint(out, stdout):
    return stdout.strip().endswith(b'OK') or stdout.strip() == b''


def verify_filter(names_path, term):
    expected = [name for section in (lambda s: [s[k] for k in sorted(s)])(load_plist(names_path))
                for name in section if term in name.casefold()]
    return lambda out, stdout: stdout.decode().split('\n')[:-1] == expected


def verify_unarchive(archive_path):
    """Both PlistKit's plain view and nska_deserialize's give the Presidents with their fields."""
    archive = load_plist(archive_path)
    objects = archive['$objects']
    array = objects[archive['$top']['Presidents'].data]
    expected = [(objects[u.data]['President'], objects[objects[u.data]['Name'].data]) for u in array['NS.objects']]
    def check(out, stdout):
        with open(out, 'rb') as handle:
            value = json.load(handle)
        presidents = value['Presidents'] if isinstance(value, dict) else value
        return [(p['President'], p['Name']) for p in presidents] == expected
    return check


def verify_sections(korean_path):
    names = load_plist(korean_path)
    initials = 'ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ'
    base = {'ㄲ': 'ㄱ', 'ㄸ': 'ㄷ', 'ㅃ': 'ㅂ', 'ㅆ': 'ㅅ', 'ㅉ': 'ㅈ'}
    expected = {}
    for name in names:
        initial = initials[(ord(name[0]) - 0xAC00) // 588]
        expected[base.get(initial, initial)] = expected.get(base.get(initial, initial), 0) + 1
    def check(out, stdout):
        counts, header = {}, None
        for line in stdout.decode().splitlines():
            if not line.strip():
                continue
            if line[0] in ' \t':
                counts[header] = counts.get(header, 0) + 1
            else:
                header = line.strip()
        return counts == expected
    return check


# ---------------------------------------------------------------------------------------------
# Running and measuring.

# A tool whose warm-up takes longer than this runs once more rather than `rounds` times: at
# minutes per run its noise is small next to its time, and the full run stays within an hour.
SLOW_SECONDS = 30


def run_once(command, stdout_path, timeout):
    """Runs one command; returns (wall s, cpu s, peak RSS bytes, exit status, stdout bytes).

    The command runs under GNU time, which forks it from a process of its own of about 2 MB:
    Python starts children with vfork, and Linux carries the parent's high-water mark into
    the child at exec, so the runner's own memory (it loads corpora to verify outputs) would
    otherwise show up as every tool's peak. CPU time is the tool's own, read from time too.
    """
    usage_path = stdout_path + '.usage'
    command = ['/usr/bin/time', '-f', '%M %U %S', '-o', usage_path] + command
    with open(stdout_path, 'wb') as sink:
        start = time.perf_counter()
        process = subprocess.Popen(command, stdout=sink, stderr=subprocess.PIPE)
        # A blocking wait (not polling) so that a run of a millisecond is timed to the
        # microsecond; a timer kills a run that goes over the timeout.
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        try:
            _, status, _ = os.wait4(process.pid, 0)
        finally:
            timer.cancel()
        wall = time.perf_counter() - start
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stderr.close()
        if wall > timeout:
            return None
    with open(stdout_path, 'rb') as handle:
        output = handle.read() if os.path.getsize(stdout_path) < 256 * MB else b''
    # GNU time writes "Command exited with non-zero status N" before the figures on failure.
    figures = open(usage_path).read().strip().splitlines()[-1].split()
    peak, user, system = int(figures[0]) * 1024, float(figures[1]), float(figures[2])
    return wall, user + system, peak, os.waitstatus_to_exitcode(status), output


class Job:
    def __init__(self, name, title, inputs, tools, verify):
        self.name, self.title, self.inputs, self.tools, self.verify = name, title, inputs, tools, verify


def tool_commands(pk, name, source, out, extra, baseline=None, peers=True):
    """The command of each tool for a job: PlistKit, the baseline build's (the same command with
    its binary) when there is one, and the peers unless they are left out."""
    commands = all_tool_commands(pk, name, source, out, extra)
    chosen = {'PlistKit': commands['PlistKit']}
    if baseline:
        chosen[BEFORE] = [baseline] + commands['PlistKit'][1:]
    if peers:
        chosen.update((tool, command) for tool, command in commands.items() if tool != 'PlistKit')
    return chosen


def all_tool_commands(pk, name, source, out, extra):
    """The command of each tool for a job."""
    table = {
        'xml-to-binary': {
            'PlistKit': [pk, 'convert', source, '--to', 'binary', '-o', out],
            'plutil': ['plutil', '-convert', 'binary1', '-o', out, source],
            'plistutil': ['plistutil', '-i', source, '-o', out, '-f', 'bin'],
            'plistlib': [PY, '-c', PLISTLIB_CONVERT, source, out, 'binary'],
        },
        'binary-to-xml': {
            'PlistKit': [pk, 'convert', source, '--to', 'xml', '-o', out],
            'plutil': ['plutil', '-convert', 'xml1', '-o', out, source],
            'plistutil': ['plistutil', '-i', source, '-o', out, '-f', 'xml'],
            'plistlib': [PY, '-c', PLISTLIB_CONVERT, source, out, 'xml'],
        },
        'xml-to-json': {
            'PlistKit': [pk, 'convert', source, '--to', 'json', '-o', out],
            'plutil': ['plutil', '-convert', 'json', '-o', out, source],
            'plistlib': [PY, '-c', PLISTLIB_TO_JSON, source, out],
        },
        'binary-to-json': {
            'PlistKit': [pk, 'convert', source, '--to', 'json', '-o', out],
            'plutil': ['plutil', '-convert', 'json', '-o', out, source],
            'plistlib': [PY, '-c', PLISTLIB_TO_JSON, source, out],
        },
        'json-to-binary': {
            'PlistKit': [pk, 'convert', source, '--to', 'binary', '-o', out],
            'plutil': ['plutil', '-convert', 'binary1', '-o', out, source],
            'plistlib': [PY, '-c', PLISTLIB_FROM_JSON, source, out],
        },
        'lint-xml': {
            'PlistKit': [pk, 'lint', source],
            'plutil': ['plutil', '-lint', source],
            'plistlib': [PY, '-c', PLISTLIB_LINT, source],
        },
        'unarchive': {
            'PlistKit': [pk, 'unarchive', source, '--to', 'json', '-o', out],
            'nska_deserialize': [PY, '-c', NSKA_UNARCHIVE, source, out],
        },
        'filter': {
            'PlistKit': [pk, 'filter', source, extra, '--flat'],
            'grep -i': ['grep', '-i', extra, source.replace('.bplist', '.txt')],
            'plistlib': [PY, '-c', PLISTLIB_FILTER, source, extra],
        },
        'sections-ko': {
            'PlistKit': [pk, 'sections', source, '--collation', 'ko'],
        },
    }
    return table[name]


def available(tool):
    return {
        'plutil': shutil.which('plutil') is not None,
        'plistutil': shutil.which('plistutil') is not None,
        'nska_deserialize': subprocess.run([PY, '-c', 'import nska_deserialize'], capture_output=True).returncode == 0,
    }.get(tool, True)


def measure(job, source, extra, pk, rounds, timeout, scratch, log, baseline=None, peers=True):
    """Measures every tool on one input; returns {tool: result dict}."""
    commands = tool_commands(pk, job.name, source, None, extra, baseline, peers)
    results = {}
    tools = [t for t in commands if available(t)]
    for tool in [t for t in commands if t not in tools]:
        results[tool] = {'error': 'not installed'}
    outs = {tool: os.path.join(scratch, f'{job.name}-{tool.replace(" ", "_")}.out') for tool in tools}
    stdout_files = {tool: outs[tool] + '.stdout' for tool in tools}
    commands = {t: tool_commands(pk, job.name, source, outs[t], extra, baseline, peers)[t] for t in tools}
    samples = {tool: [] for tool in tools}
    slow = set()
    # Warm-up, and the check that each tool's output is right.
    for tool in tools:
        log(f'    warm-up {tool}')
        outcome = run_once(commands[tool], stdout_files[tool], timeout)
        if outcome is not None and outcome[0] > SLOW_SECONDS:
            slow.add(tool)
        if outcome is None:
            results[tool] = {'error': f'over {timeout:.0f} s'}
        elif outcome[3] != 0 and not (job.name == 'filter' and outcome[3] == 1):
            results[tool] = {'error': f'exit {outcome[3]}'}
        else:
            try:
                ok = job.verify(outs[tool], outcome[4])
                why = ''
            except Mismatch as mismatch:
                ok, why = False, f' at {mismatch}'
            except Exception as error:  # a malformed output is a wrong output
                ok, why = False, f' ({type(error).__name__})'
            if not ok:
                results[tool] = {'error': f'wrong output{why}'}
                log(f'      {tool}: wrong output{why}')
    live = [t for t in tools if t not in results]
    for round_index in range(rounds):
        for tool in live:
            if tool in slow and samples[tool]:
                continue
            outcome = run_once(commands[tool], stdout_files[tool], timeout)
            if outcome is None:
                results[tool] = {'error': f'over {timeout:.0f} s'}
                continue
            samples[tool].append(outcome)
        live = [t for t in live if t not in results]
    for tool in tools:
        if tool in results:
            continue
        runs = samples[tool]
        results[tool] = {
            'wall': statistics.median(r[0] for r in runs),
            'cpu': statistics.median(r[1] for r in runs),
            'rss': max(r[2] for r in runs),
            'runs': len(runs),
        }
    for path in list(outs.values()) + list(stdout_files.values()):
        if os.path.exists(path):
            os.remove(path)
    return results


def fmt_seconds(value):
    return f'{value * 1000:.1f} ms' if value < 1 else f'{value:.2f} s'


def fmt_bytes(value):
    return f'{value / MB:.1f} MB'


def build_jobs(corpora, sizes, quick):
    """(job, [(label, size, input path, extra)])."""
    jobs = []
    def path(stem, size, ext):
        return os.path.join(corpora, f'{stem}-{size}.{ext}')
    main_sizes = sizes
    other_sizes = [sizes[0]] if quick else ['medium'] if 'medium' in sizes else sizes[:1]
    def inputs(stem, ext, extra=None, also=('strings', 'numbers', 'nested')):
        rows = [(stem, size, path(stem, size, ext), extra) for size in main_sizes]
        rows += [(other, size, path(other, size, ext), extra) for other in also for size in other_sizes]
        return rows
    jobs.append((Job('xml-to-binary', 'XML → binary', None, None, None), inputs('records', 'xml')))
    jobs.append((Job('binary-to-xml', 'binary → XML', None, None, None), inputs('records', 'bplist')))
    jobs.append((Job('xml-to-json', 'XML → JSON (plain)', None, None, None), inputs('jsonsafe', 'xml')))
    jobs.append((Job('binary-to-json', 'binary → JSON (plain)', None, None, None), inputs('jsonsafe', 'bplist')))
    jobs.append((Job('json-to-binary', 'JSON → binary', None, None, None),
                 inputs('jsonsafe', 'json', also=()) + inputs('jsonshort', 'json', also=())))
    jobs.append((Job('lint-xml', 'lint of XML', None, None, None), inputs('records', 'xml', also=())))
    jobs.append((Job('unarchive', 'unarchive to plain JSON', None, None, None), inputs('archive', 'bplist', also=())))
    jobs.append((Job('filter', 'filter names for "abi"', None, None, None), inputs('names', 'bplist', 'abi', also=())))
    jobs.append((Job('sections-ko', 'sections --collation ko', None, None, None), inputs('korean', 'bplist', also=())))
    return jobs


def verifier(job, stem, source, extra):
    if job.name in ('xml-to-binary', 'binary-to-xml'):
        return verify_plist(source)
    if job.name in ('xml-to-json', 'binary-to-json'):
        return verify_json(source)
    if job.name == 'json-to-binary':
        expected = json.load(open(source, 'rb'))
        return lambda out, stdout: same(load_plist(out), expected)
    if job.name == 'lint-xml':
        return verify_lint
    if job.name == 'unarchive':
        return verify_unarchive(source)
    if job.name == 'filter':
        return verify_filter(source, extra)
    if job.name == 'sections-ko':
        return verify_sections(source)
    raise ValueError(job.name)


def machine_description(pk):
    def first_line(command):
        try:
            return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
        except Exception:
            return 'unavailable'
    cpu = 'unknown'
    if os.path.exists('/proc/cpuinfo'):
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                cpu = line.split(':', 1)[1].strip()
                break
    return [
        f'- Machine: {os.cpu_count()} cores, {cpu}, {platform.system()} {platform.release()}',
        f'- PlistKit: `{first_line([pk, "--version"])}` (release build) at commit '
        f'`{first_line(["git", "rev-parse", "--short", "HEAD"])}`'
        + (' with uncommitted changes' if first_line(['git', 'status', '--porcelain', '--untracked-files=no']) not in
           ('', 'unavailable') else ''),
        f'- Swift: {first_line(["swift", "--version"])}',
        f'- plutil: `{shutil.which("plutil") or "absent"}` (the toolchain\'s)',
        f'- plistutil: {first_line(["plistutil", "-v"]) if shutil.which("plistutil") else "absent"}',
        f'- Python: {platform.python_version()} (`plistlib`), nska_deserialize: '
        + (subprocess.run([PY, '-c', 'import importlib.metadata as m; print(m.version("nska_deserialize"))'],
                          capture_output=True, text=True).stdout.strip() or 'absent'),
    ]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--plistkit', required=True)
    parser.add_argument('--corpora', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--quick', action='store_true')
    parser.add_argument('--search-bench')
    parser.add_argument('--coding-bench', help='plistcoding-benchmark: adds the Codable section')
    parser.add_argument('--codable-only', action='store_true',
                        help='run only the Codable section and put it into --out in place of the one there')
    parser.add_argument('--rounds', type=int)
    parser.add_argument('--timeout', type=float, default=900)
    parser.add_argument('--only', help='comma-separated job names')
    parser.add_argument('--sizes', help='comma-separated corpus sizes (small, medium, large)')
    parser.add_argument('--baseline', help='another PlistKit binary to compare with, in the same run')
    parser.add_argument('--baseline-search-bench', help="the baseline's plistkit-benchmark")
    parser.add_argument('--no-peers', action='store_true', help='measure PlistKit (and the baseline) only')
    args = parser.parse_args()
    sizes = args.sizes.split(',') if args.sizes else ['small'] if args.quick else ['small', 'medium', 'large']
    rounds = args.rounds or (2 if args.quick else 3)
    log = lambda text: print(text, file=sys.stderr, flush=True)
    if args.codable_only:
        with tempfile.TemporaryDirectory(prefix='plistkit-bench-') as scratch:
            section = codable(args.coding_bench, args.corpora, args.rounds or 5, args.timeout, scratch, log)
        replace_codable_section(args.out, section)
        log(f'wrote the Codable section of {args.out}')
        return
    lines = ['# Benchmark results', '',
             f'Measured by `Benchmarks/run.sh{" --quick" if args.quick else ""}'
             f'{" --sizes " + args.sizes if args.sizes else ""}` on '
             f'{datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}. '
             'Do not edit by hand: run the harness again.', '']
    lines += machine_description(args.plistkit)
    lines += ['', f'Each tool ran once as a warm-up (its output verified), then {rounds} times in alternation '
              'with the others. Times are medians of those runs; CPU is user + system; peak RSS is the largest '
              'of the runs. "× PlistKit" is the peer\'s median wall time divided by PlistKit\'s: above 1 means '
              'PlistKit is faster; "× by CPU" is the same for CPU time, which a busy machine disturbs less '
              '(left out below 20 ms, where GNU time\'s 10 ms resolution makes it meaningless). A tool '
              f'whose warm-up took over {SLOW_SECONDS} s ran once more instead ("runs").', '']
    summary = {}
    with tempfile.TemporaryDirectory(prefix='plistkit-bench-') as scratch:
        for job, rows in build_jobs(args.corpora, sizes, args.quick):
            if args.only and job.name not in args.only.split(','):
                continue
            log(f'{job.title}')
            lines += [f'## {job.title}', '',
                      '| input | size | tool | runs | wall | CPU | peak RSS | RSS ÷ input | × PlistKit | × by CPU |',
                      '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|']
            for stem, size, source, extra in rows:
                if not os.path.exists(source):
                    log(f'  missing {source}')
                    continue
                log(f'  {os.path.basename(source)}')
                job.verify = verifier(job, stem, source, extra)
                results = measure(job, source, extra, args.plistkit, rounds, args.timeout, scratch, log,
                                  args.baseline, not args.no_peers)
                input_size = os.path.getsize(source)
                base = results.get('PlistKit', {}).get('wall')
                for tool, result in results.items():
                    label = f'{os.path.basename(source)}'
                    if 'error' in result:
                        lines.append(f'| {label} | {fmt_bytes(input_size)} | {tool} | | {result["error"]} | | | | | |')
                        continue
                    ratio = f'{result["wall"] / base:.1f}×' if base and tool != 'PlistKit' else ''
                    base_cpu = results.get('PlistKit', {}).get('cpu')
                    cpu_ratio = (f'{result["cpu"] / base_cpu:.1f}×' if base_cpu and tool != 'PlistKit'
                                 and result['cpu'] >= 0.02 and base_cpu >= 0.02 else '')
                    lines.append(f'| {label} | {fmt_bytes(input_size)} | {tool} | {result["runs"]} | '
                                 f'{fmt_seconds(result["wall"])} | '
                                 f'{fmt_seconds(result["cpu"])} | {fmt_bytes(result["rss"])} | '
                                 f'{result["rss"] / input_size:.1f} | {ratio} | {cpu_ratio} |')
                summary[(job.name, stem, size)] = (input_size, results)
            lines.append('')
        if args.search_bench:
            lines += incremental_search(args.search_bench, args, sizes, log)
        if args.baseline_search_bench:
            lines += incremental_search(args.baseline_search_bench, args, sizes, log, ' (before)')
        if args.coding_bench and (not args.only or 'codable' in args.only.split(',')):
            lines += codable(args.coding_bench, args.corpora, rounds, args.timeout, scratch, log)
    if args.baseline:
        lines += before_and_after(summary, args.baseline)
    if not args.no_peers:
        lines += targets(summary, sizes)
    with open(args.out, 'w') as handle:
        handle.write('\n'.join(lines) + '\n')
    log(f'wrote {args.out}')


def incremental_search(binary, args, sizes, log, label=''):
    size = sizes[-1]
    source = os.path.join(args.corpora, f'names-{size}.bplist')
    log(f'incremental search{label}')
    result = subprocess.run([binary, source, 'abigai'], capture_output=True, text=True)
    lines = [f'## Incremental search per keystroke (library){label}', '']
    if result.returncode != 0:
        return lines + [f'The search benchmark failed: {result.stderr.strip()}', '']
    lines += [result.stdout.strip(), '']
    return lines


def build_name(binary):
    """The commit a release binary was built from, when it sits in a git checkout, else its path."""
    result = subprocess.run(['git', '-C', os.path.dirname(os.path.realpath(binary)), 'rev-parse', '--short', 'HEAD'],
                            capture_output=True, text=True)
    return f'the release build of commit `{result.stdout.strip()}`' if result.returncode == 0 else f'`{binary}`'


def before_and_after(summary, baseline):
    """PlistKit against the baseline build, measured in the same alternation."""
    lines = ['## Before and after', '',
             f'This build against {build_name(baseline)} (`{first_line([baseline, "--version"])}`), each run in '
             'alternation with the other. "× wall" and "× CPU" are the baseline\'s median divided by this '
             'build\'s: 1.0 or more means this build is no slower (CPU left out below 20 ms).', '',
             '| job | input | before wall | after wall | × wall | before CPU | after CPU | × CPU | '
             'before RSS | after RSS |',
             '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|']
    for (job, stem, size), (input_size, results) in summary.items():
        after, before = results.get('PlistKit', {}), results.get(BEFORE, {})
        if 'wall' not in after or 'wall' not in before:
            why = after.get('error') or before.get('error') or 'not measured'
            lines.append(f'| {job} | {stem}-{size} | {why} | | | | | | | |')
            continue
        cpu = (f'{before["cpu"] / after["cpu"]:.2f}×' if min(before['cpu'], after['cpu']) >= 0.02 else '')
        lines.append(f'| {job} | {stem}-{size} | {fmt_seconds(before["wall"])} | {fmt_seconds(after["wall"])} | '
                     f'{before["wall"] / after["wall"]:.2f}× | {fmt_seconds(before["cpu"])} | '
                     f'{fmt_seconds(after["cpu"])} | {cpu} | {fmt_bytes(before["rss"])} | {fmt_bytes(after["rss"])} |')
    lines.append('')
    return lines


def first_line(command):
    try:
        return subprocess.run(command, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except Exception:
        return 'unavailable'


# ---------------------------------------------------------------------------------------------
# Codable: PlistCoding's PlistDecoder and PlistEncoder against Foundation's coders, in-process.

CODABLE_BEGIN = '<!-- codable: written by Benchmarks/run.sh (full run or --codable) -->'
CODABLE_END = '<!-- /codable -->'
CODABLE_RECORDS = 45000
# (job, title, input suffix, the issue's target: Foundation's time ÷ PlistKit's)
CODABLE_JOBS = [('decode-xml', 'decode [Record] from XML', 'xml', 2),
                ('decode-binary', 'decode [Record] from binary', 'bplist', 8),
                ('encode-xml', 'encode [Record] to XML', 'xml', 3),
                ('encode-binary', 'encode [Record] to binary', 'bplist', 5)]
CODABLE_TOOLS = [('PlistKit', 'plistkit'), ('Foundation', 'foundation')]


def codable(bench, corpora, rounds, timeout, scratch, log, count=CODABLE_RECORDS):
    """The Codable section: each job's operation timed inside the process (the benchmark
    reads the file before and checks the result after), Foundation and PlistKit alternating,
    one process per run. Returns the section's lines, markers included."""
    log('codable')
    os.makedirs(corpora, exist_ok=True)
    generated = subprocess.run([bench, 'generate', corpora, '--count', str(count)], capture_output=True, text=True)
    if generated.returncode != 0:
        return [CODABLE_BEGIN, '## Codable', '', f'The generator failed: {generated.stderr.strip()}', '', CODABLE_END]
    load = ' '.join(open('/proc/loadavg').read().split()[:3]) if os.path.exists('/proc/loadavg') else 'unknown'
    lines = [CODABLE_BEGIN, '## Codable: PlistDecoder and PlistEncoder against Foundation', '',
             f'Measured on {datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")} at commit '
             f'`{subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()}`'
             f', load average {load} at the start (2 cores shared: CPU time is the steadier figure). '
             f'{count:,} records of `{{Name: String, Index: Int, Score: Double, Active: Bool, Created: Date, '
             'Tags: [String], Blob: Data}` (`Benchmarks/CodingBenchmark`), the files written by Foundation\'s '
             '`PropertyListEncoder`. Both coders run in the same release build of `plistcoding-benchmark`, one '
             f'process per run, alternating, a warm-up then {rounds} runs each; the figures are medians of the '
             'operation alone (decoding `Data` already read, or encoding records already made). Every result is '
             'checked: decoded records against the generated ones, encoded bytes read back by the other coder. '
             'Peak memory is the process\'s resident high-water mark during the operation (reset just before '
             'it, so the input or the records count for both).', '',
             '| job | input | coder | runs | wall | CPU | peak memory | Foundation ÷ PlistKit (wall) | by CPU | '
             'target | met |',
             '|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---|']
    for job, title, suffix, goal in CODABLE_JOBS:
        source = os.path.join(corpora, f'coding-{count}.{suffix}')
        size = os.path.getsize(source)
        out = os.path.join(scratch, f'codable-{job}.{suffix}')
        log(f'  {job}')
        samples = {tool: [] for tool, _ in CODABLE_TOOLS}
        errors = {}
        for round_index in range(rounds + 1):
            for tool, argument in CODABLE_TOOLS:
                if tool in errors:
                    continue
                path = source if job.startswith('decode') else out
                outcome = run_once([bench, job, argument, path], out + '.stdout', timeout)
                if outcome is None or outcome[3] != 0:
                    errors[tool] = f'over {timeout:.0f} s' if outcome is None else f'exit {outcome[3]}'
                    continue
                report = json.loads(outcome[4].decode().strip().splitlines()[-1])
                if not report['checked']:
                    errors[tool] = 'wrong output'
                    continue
                if round_index > 0:  # the first round is the warm-up
                    samples[tool].append((report['wall'][0], report['cpu'][0], report['peak'][0]))
        medians = {tool: tuple(statistics.median(run[i] for run in runs) for i in range(3))
                   for tool, runs in samples.items() if runs and tool not in errors}
        base = medians.get('PlistKit')
        for tool, _ in CODABLE_TOOLS:
            if tool in errors:
                lines.append(f'| {title} | {fmt_bytes(size)} | {tool} | | {errors[tool]} | | | | | | |')
                continue
            wall, cpu, peak = medians[tool]
            if tool == 'PlistKit':
                peer = medians.get('Foundation')
                met = ''
                if peer:
                    short = [why for why, ok in (('speed', peer[0] / wall >= goal or peer[1] / cpu >= goal),
                                                 ('memory', peak <= peer[2])) if not ok]
                    met = f'no ({", ".join(short)})' if short else 'yes' if peer[0] / wall >= goal else 'by CPU'
                lines.append(f'| {title} | {fmt_bytes(size)} | {tool} | {len(samples[tool])} | {fmt_seconds(wall)} | '
                             f'{fmt_seconds(cpu)} | {fmt_bytes(peak)} | | | ≥ {goal}×, memory ≤ Foundation | {met} |')
            else:
                ratio = f'{wall / base[0]:.1f}×' if base else ''
                cpu_ratio = f'{cpu / base[1]:.1f}×' if base else ''
                lines.append(f'| {title} | {fmt_bytes(size)} | {tool} | {len(samples[tool])} | {fmt_seconds(wall)} | '
                             f'{fmt_seconds(cpu)} | {fmt_bytes(peak)} | {ratio} | {cpu_ratio} | | |')
        for path in (out, out + '.stdout', out + '.stdout.usage'):
            if os.path.exists(path):
                os.remove(path)
    return lines + ['', CODABLE_END, '']


def replace_codable_section(path, section):
    """Puts the Codable section into the results at `path` in place of the one there (or at
    the end), leaving the rest of the file as its run wrote it."""
    text = open(path).read() if os.path.exists(path) else '# Benchmark results\n'
    block = '\n'.join(section)
    if CODABLE_BEGIN in text and CODABLE_END in text:
        head, rest = text.split(CODABLE_BEGIN, 1)
        tail = rest.split(CODABLE_END, 1)[1].lstrip('\n')
        text = head + block + ('\n' + tail if tail else '')
    else:
        text = text.rstrip('\n') + '\n\n' + block
    with open(path, 'w') as handle:
        handle.write(text if text.endswith('\n') else text + '\n')


def targets(summary, sizes):
    """The issue's targets, checked against what was just measured."""
    large = sizes[-1]
    lines = ['## Targets', '', f'Checked on the {large} corpus of this run.', '',
             '| target | measured | met |', '|---|---|---|']

    def ratio(job, stem, peer, measure='wall'):
        entry = summary.get((job, stem, large))
        if not entry:
            return None
        results = entry[1]
        if measure not in results.get('PlistKit', {}) or measure not in results.get(peer, {}):
            return None
        # GNU time's CPU figures have a 10 ms resolution: below 20 ms their ratio means nothing.
        if measure == 'cpu' and results['PlistKit'][measure] < 0.02:
            return None
        return results[peer][measure] / max(results['PlistKit'][measure], 1e-9)

    def check(label, value, goal, cpu=None, fmt='{:.1f}×'):
        if value is None:
            lines.append(f'| {label} | not measured | – |')
        else:
            by_cpu = f' (by CPU: {fmt.format(cpu)})' if cpu is not None else ''
            lines.append(f'| {label} | {fmt.format(value)}{by_cpu} | {"yes" if value >= goal else "no"} |')

    for job, stem, peer, goal in [('xml-to-binary', 'records', 'plutil', 20), ('xml-to-binary', 'records', 'plistlib', 8),
                                  ('xml-to-json', 'jsonsafe', 'plutil', 20), ('xml-to-json', 'jsonsafe', 'plistlib', 8),
                                  ('binary-to-xml', 'records', 'plistutil', 1.5),
                                  ('json-to-binary', 'jsonshort', 'plutil', 20),
                                  ('unarchive', 'archive', 'nska_deserialize', 10)]:
        on = ' (6-digit reals)' if stem == 'jsonshort' else ''
        check(f'{job}{on} ≥ {goal}× faster than {peer}', ratio(job, stem, peer), goal, ratio(job, stem, peer, 'cpu'))
    if ratio('json-to-binary', 'jsonsafe', 'PlistKit') is not None and ratio('json-to-binary', 'jsonsafe', 'plutil') is None:
        lines.append('| json-to-binary (17-digit reals) vs plutil | plutil\'s output is wrong, not scored | – |')
    lines.append('| binary-to-json ≥ 1.5× faster than plistutil | plistutil 2.2 writes no JSON | – |')
    for job, stem in [('xml-to-binary', 'records'), ('xml-to-json', 'jsonsafe')]:
        entry = summary.get((job, stem, large))
        if entry and 'rss' in entry[1].get('PlistKit', {}):
            value = entry[1]['PlistKit']['rss'] / entry[0]
            lines.append(f'| {job}: peak memory ≤ 3× input | {value:.2f}× | {"yes" if value <= 3 else "no"} |')
    grep = ratio('filter', 'names', 'grep -i')
    if grep is not None:
        lines.append(f'| filter within 3× of grep -i | {1 / grep:.2f}× grep\'s time | {"yes" if 1 / grep <= 3 else "no"} |')
    check('filter ≥ 10× faster than plistlib load-and-filter', ratio('filter', 'names', 'plistlib'), 10,
          ratio('filter', 'names', 'plistlib', 'cpu'))
    # Linearity: time per MB from the smallest to the largest size.
    if len(sizes) > 1:
        lines += ['', '### Cost per MB, smallest to largest input', '', '| job | input | small ms/MB | large ms/MB | growth |',
                  '|---|---|---:|---:|---:|']
        for (job, stem, size), (input_size, results) in sorted(summary.items()):
            if size != sizes[0]:
                continue
            big = summary.get((job, stem, large))
            if not big or 'wall' not in results.get('PlistKit', {}) or 'wall' not in big[1].get('PlistKit', {}):
                continue
            small_rate = results['PlistKit']['wall'] * 1000 / (input_size / MB)
            large_rate = big[1]['PlistKit']['wall'] * 1000 / (big[0] / MB)
            growth = large_rate / small_rate
            lines.append(f'| {job} | {stem} | {small_rate:.1f} | {large_rate:.1f} | {growth:.2f}× |')
    lines.append('')
    return lines


if __name__ == '__main__':
    main()
