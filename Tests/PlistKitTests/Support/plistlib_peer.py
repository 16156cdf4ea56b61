"""Python plistlib as a peer for PlistKit's interop tests.

  plistlib_peer.py load FILE          print the plist in FILE as canonical JSON
  plistlib_peer.py dump xml|binary    read canonical JSON on stdin, write the plist to stdout
  plistlib_peer.py load-batch DIR N   print a JSON array: for each DIR/0.plist ... DIR/N-1.plist its
                                      canonical JSON, or {"error": message}
  plistlib_peer.py dump-batch xml|binary DIR
                                      read a JSON array of canonical values on stdin, write each to
                                      DIR/INDEX.plist; print a JSON array of null or {"error": message}

The batch forms cost one process for thousands of values.

Canonical JSON tags every value so that nothing is lost between the two languages:
{"s": str} {"i": "decimal"} {"r": float.hex()} {"b": bool} {"d": seconds since 2001 as float.hex()}
{"x": base64} {"a": [...]} {"k": [[key, value], ...]} {"u": int}
{"n": 16 hex digits} is a NaN real with its exact bits (float.hex() would drop its sign and payload).
"""
import base64
import datetime
import json
import os
import plistlib
import struct
import sys

EPOCH = datetime.datetime(2001, 1, 1)


def to_canonical(value):
    if isinstance(value, bool):
        return {"b": value}
    if isinstance(value, int):
        return {"i": str(value)}
    if isinstance(value, float):
        if value != value:
            return {"n": struct.pack(">d", value).hex()}
        return {"r": value.hex()}
    if isinstance(value, str):
        return {"s": value}
    if isinstance(value, bytes):
        return {"x": base64.b64encode(value).decode()}
    if isinstance(value, datetime.datetime):
        return {"d": (value - EPOCH).total_seconds().hex()}
    if isinstance(value, plistlib.UID):
        return {"u": value.data}
    if isinstance(value, list):
        return {"a": [to_canonical(v) for v in value]}
    if isinstance(value, dict):
        return {"k": [[k, to_canonical(v)] for k, v in value.items()]}
    raise TypeError(type(value))


def from_canonical(node):
    (tag, value), = node.items()
    if tag == "b":
        return value
    if tag == "i":
        return int(value)
    if tag == "r":
        return float.fromhex(value)
    if tag == "n":
        return struct.unpack(">d", bytes.fromhex(value))[0]
    if tag == "s":
        return value
    if tag == "x":
        return base64.b64decode(value)
    if tag == "d":
        return EPOCH + datetime.timedelta(seconds=float.fromhex(value))
    if tag == "u":
        return plistlib.UID(value)
    if tag == "a":
        return [from_canonical(v) for v in value]
    if tag == "k":
        return {k: from_canonical(v) for k, v in value}
    raise ValueError(tag)


def error(exception):
    return {"error": "%s: %s" % (type(exception).__name__, exception)}


def load_batch(folder, count):
    results = []
    for index in range(count):
        try:
            with open(os.path.join(folder, "%d.plist" % index), "rb") as handle:
                results.append(to_canonical(plistlib.load(handle)))
        except Exception as exception:  # one bad file must not hide the others' results
            results.append(error(exception))
    json.dump(results, sys.stdout)


def dump_batch(fmt, folder):
    results = []
    for index, node in enumerate(json.load(sys.stdin)):
        try:
            data = plistlib.dumps(from_canonical(node), fmt=fmt, sort_keys=False)
            with open(os.path.join(folder, "%d.plist" % index), "wb") as handle:
                handle.write(data)
            results.append(None)
        except Exception as exception:
            results.append(error(exception))
    json.dump(results, sys.stdout)


def main():
    if sys.argv[1] == "load-batch":
        load_batch(sys.argv[2], int(sys.argv[3]))
    elif sys.argv[1] == "dump-batch":
        dump_batch(plistlib.FMT_BINARY if sys.argv[2] == "binary" else plistlib.FMT_XML, sys.argv[3])
    elif sys.argv[1] == "load":
        with open(sys.argv[2], "rb") as handle:
            value = plistlib.load(handle)
        json.dump(to_canonical(value), sys.stdout)
    elif sys.argv[1] == "dump":
        value = from_canonical(json.load(sys.stdin))
        fmt = plistlib.FMT_BINARY if sys.argv[2] == "binary" else plistlib.FMT_XML
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=fmt, sort_keys=False))


if __name__ == "__main__":
    main()
