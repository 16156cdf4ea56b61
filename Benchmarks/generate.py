#!/usr/bin/env python3
"""Deterministic benchmark corpora for PlistKit.

    generate.py OUTDIR [--sizes small,medium,large]

Every corpus comes from a seeded generator, so two runs on any machine write the same bytes.
Sizes aim at about 1 MB (small), 10 MB (medium) and 100 MB (large) of XML for the record-like
corpus; the other corpora scale with the same factor.

Files written for each SIZE:
  records-SIZE.{xml,bplist}        dictionaries of strings, integers, reals, booleans, dates,
                                   data and small arrays (the shape of an app's exported data)
  jsonsafe-SIZE.{xml,bplist,json}  the same records without dates and data, which the toolchain's
                                   plutil refuses to write as JSON; the JSON jobs use these
  jsonshort-SIZE.json              jsonsafe with its 17-digit reals rounded to 6 digits: the
                                   toolchain's plutil misreads some 17-digit reals in JSON, so
                                   JSON → binary is compared with it on these
  strings-SIZE.{xml,bplist}        string-heavy: long mixed-script strings
  numbers-SIZE.{xml,bplist}        number-heavy: arrays of integers and reals
  nested-SIZE.{xml,bplist}         deeply nested dictionaries and arrays (depth 40)
  archive-SIZE.bplist              an NSKeyedArchiver archive of President-like objects with
                                   shared strings (100,000 objects at medium)
  names-SIZE.{bplist,txt}          a sortednames-shaped dictionary A…Z → names, and the same
                                   names one per line (1,000,000 names at large)
  korean-SIZE.bplist               Korean names, a flat array (100,000 at medium)
"""
import datetime
import json
import os
import plistlib
import random
import sys

SCALE = {"small": 1, "medium": 10, "large": 100}
REFERENCE = datetime.datetime(2001, 1, 1)

SYLLABLES = ["ab", "ai", "an", "bi", "bel", "ca", "cor", "da", "del", "el", "en", "fa", "fer",
             "ga", "gi", "ha", "hel", "i", "is", "ja", "jo", "ka", "ke", "la", "li", "lo", "ma",
             "mi", "na", "ne", "no", "o", "or", "pa", "pe", "qu", "ra", "ri", "ro", "sa", "se",
             "sha", "ta", "te", "th", "u", "va", "vi", "wa", "xa", "ya", "yo", "za", "zi"]
WORDS = ["property", "list", "archive", "keyed", "binary", "value", "Straße", "naïve", "café",
         "東京", "北京", "서울", "부산", "Москва", "Αθήνα", "emoji 🎉", "ملف", "שלום", "data"]
FAMILY = "김이박최정강조윤장임한오서신권황안송류홍"
GIVEN = "민서준지현우영수하은도윤예진호성연주아"


def name(rng):
    count = rng.choice([2, 2, 3, 3, 4])
    return "".join(rng.choice(SYLLABLES) for _ in range(count)).capitalize()


def record(rng, index, with_dates_and_data):
    value = {
        "id": index,
        "name": name(rng) + " " + name(rng),
        "email": name(rng).lower() + "@example.com",
        "score": round(rng.uniform(-1000, 1000), 3),
        "ratio": rng.random(),
        "active": rng.random() < 0.5,
        "count": rng.randrange(-2**40, 2**40),
        "tags": [rng.choice(WORDS) for _ in range(rng.randrange(0, 4))],
        "address": {"city": rng.choice(WORDS), "zip": str(rng.randrange(10000, 99999))},
    }
    if with_dates_and_data:
        value["created"] = REFERENCE + datetime.timedelta(seconds=rng.randrange(-10**9, 10**9))
        value["avatar"] = rng.randbytes(rng.randrange(8, 48))
    return value


def records(rng, scale, with_dates_and_data=True):
    return [record(rng, i, with_dates_and_data) for i in range(1450 * scale)]


def strings(rng, scale):
    return [{"title": " ".join(rng.choice(WORDS) for _ in range(12)),
             "body": " ".join(name(rng) for _ in range(60))} for _ in range(1500 * scale)]


def numbers(rng, scale):
    return {"integers": [rng.randrange(-2**62, 2**62) for _ in range(9000 * scale)],
            "small": [rng.randrange(0, 300) for _ in range(9000 * scale)],
            "reals": [rng.uniform(-1e6, 1e6) for _ in range(9000 * scale)]}


def nested(rng, scale):
    def branch(depth):
        if depth == 0:
            return name(rng)
        return {"level": depth, "label": name(rng), "child": branch(depth - 1),
                "items": [rng.randrange(1000), name(rng)]}
    return [branch(40) for _ in range(55 * scale)]


def archive(rng, scale):
    """An NSKeyedArchiver archive of President-like objects: equal strings stored once."""
    count = 3333 * scale  # each object uses about 3 $objects entries, so ~10,000 × scale
    objects = ["$null"]
    strings_index = {}

    def uid_of_string(text):
        if text not in strings_index:
            strings_index[text] = len(objects)
            objects.append(text)
        return plistlib.UID(strings_index[text])

    array_index = len(objects)
    objects.append(None)  # the NSMutableArray, filled in below
    president_class = len(objects)
    objects.append({"$classname": "President", "$classes": ["President", "NSObject"]})
    array_class = len(objects)
    objects.append({"$classname": "NSMutableArray", "$classes": ["NSMutableArray", "NSArray", "NSObject"]})
    members = []
    for number in range(1, count + 1):
        year = 1789 + rng.randrange(0, 240)
        entry = {"$class": plistlib.UID(president_class), "President": number,
                 "Name": uid_of_string(name(rng) + " " + name(rng)),
                 "FromYear": uid_of_string(str(year)), "ToYear": uid_of_string(str(year + 4)),
                 "Party": uid_of_string(rng.choice(["None", "Federalist", "Whig", "Democratic", "Republican"]))}
        members.append(plistlib.UID(len(objects)))
        objects.append(entry)
    objects[array_index] = {"NS.objects": members, "$class": plistlib.UID(array_class)}
    return {"$version": 100000, "$archiver": "NSKeyedArchiver",
            "$top": {"Presidents": plistlib.UID(array_index)}, "$objects": objects}


def names(rng, scale):
    total = 10000 * scale
    sections = {}
    for _ in range(total):
        item = name(rng)
        sections.setdefault(item[0].upper(), []).append(item)
    return {key: sorted(sections[key]) for key in sorted(sections)}


def korean(rng, scale):
    return [rng.choice(FAMILY) + rng.choice(GIVEN) + rng.choice(GIVEN) for _ in range(1000 * scale)]


def write(path, value, fmt):
    with open(path, "wb") as handle:
        plistlib.dump(value, handle, fmt=fmt, sort_keys=False)


def plain_json(value):
    return json.dumps(value, ensure_ascii=False, indent=2).encode()


def generate(outdir, size):
    scale = SCALE[size]
    rng = random.Random(f"plistkit-{size}")
    both = lambda stem, value: (write(f"{outdir}/{stem}-{size}.xml", value, plistlib.FMT_XML),
                                write(f"{outdir}/{stem}-{size}.bplist", value, plistlib.FMT_BINARY))
    both("records", records(rng, scale))
    safe = records(rng, scale, with_dates_and_data=False)
    both("jsonsafe", safe)
    with open(f"{outdir}/jsonsafe-{size}.json", "wb") as handle:
        handle.write(plain_json(safe))
    with open(f"{outdir}/jsonshort-{size}.json", "wb") as handle:
        handle.write(plain_json([dict(entry, ratio=round(entry["ratio"], 6)) for entry in safe]))
    both("strings", strings(rng, scale))
    both("numbers", numbers(rng, scale))
    both("nested", nested(rng, scale))
    write(f"{outdir}/archive-{size}.bplist", archive(rng, scale), plistlib.FMT_BINARY)
    sorted_names = names(rng, scale)
    write(f"{outdir}/names-{size}.bplist", sorted_names, plistlib.FMT_BINARY)
    with open(f"{outdir}/names-{size}.txt", "w") as handle:
        for section in sorted_names.values():
            handle.write("\n".join(section) + "\n")
    write(f"{outdir}/korean-{size}.bplist", korean(rng, scale), plistlib.FMT_BINARY)


def main():
    outdir = sys.argv[1]
    sizes = ["small", "medium", "large"]
    if len(sys.argv) > 3 and sys.argv[2] == "--sizes":
        sizes = sys.argv[3].split(",")
    os.makedirs(outdir, exist_ok=True)
    for size in sizes:
        # The version changes whenever a corpus is added or changed, so old corpora are remade.
        marker = f"{outdir}/.done-{size}-v2"
        if os.path.exists(marker):
            continue
        generate(outdir, size)
        open(marker, "w").close()


if __name__ == "__main__":
    main()
