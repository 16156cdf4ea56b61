"""Python plistlib as a peer for PlistKit's interop tests.

  plistlib_peer.py load FILE          print the plist in FILE as canonical JSON
  plistlib_peer.py dump xml|binary    read canonical JSON on stdin, write the plist to stdout

Canonical JSON tags every value so that nothing is lost between the two languages:
{"s": str} {"i": "decimal"} {"r": float.hex()} {"b": bool} {"d": seconds since 2001 as float.hex()}
{"x": base64} {"a": [...]} {"k": [[key, value], ...]} {"u": int}
"""
import base64
import datetime
import json
import plistlib
import sys

EPOCH = datetime.datetime(2001, 1, 1)


def to_canonical(value):
    if isinstance(value, bool):
        return {"b": value}
    if isinstance(value, int):
        return {"i": str(value)}
    if isinstance(value, float):
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


def main():
    if sys.argv[1] == "load":
        with open(sys.argv[2], "rb") as handle:
            value = plistlib.load(handle)
        json.dump(to_canonical(value), sys.stdout)
    elif sys.argv[1] == "dump":
        value = from_canonical(json.load(sys.stdin))
        fmt = plistlib.FMT_BINARY if sys.argv[2] == "binary" else plistlib.FMT_XML
        sys.stdout.buffer.write(plistlib.dumps(value, fmt=fmt, sort_keys=False))


if __name__ == "__main__":
    main()
