#!/usr/bin/env python3
"""Writes a SQLite database in the shape of iMessage's chat.db, for the extract benchmark and the
documentation's examples: a `message` table with ROWID, `guid`, `text`, `is_from_me`, `date` and
`attributedBody`, the last an NSArchiver typedstream as Messages writes it (an
NSAttributedString or NSMutableAttributedString of the text, one attribute run of
`__kIMMessagePartAttributeName` = 0), and a `handle` table. Everything is made up here.

Usage: scripts/make-chat-db.py OUT.db [--messages N] [--seed S]
"""
import argparse
import os
import random
import sqlite3
import struct

HEADER = b"\x04\x0bstreamtyped\x81\xe8\x03"


def typed_length(value):
    """A typedstream integer: one byte up to 127, then a tag and two or four bytes."""
    if -0x70 <= value < 0x80:
        return struct.pack("<b", value) if value < 0 else bytes([value])
    if -0x8000 <= value < 0x8000:
        return b"\x81" + struct.pack("<h", value)
    return b"\x82" + struct.pack("<i", value)


def attributed_body(text, mutable):
    """The typedstream of `text` as Messages archives a message's body."""
    encoded = text.encode("utf-8")
    utf16_length = len(text.encode("utf-16-le")) // 2
    if mutable:
        # NSMutableAttributedString → NSAttributedString → NSObject, its string an
        # NSMutableString → NSString: two more classes, so every later reference moves by two.
        classes = (
            b"\x84\x84\x84\x19NSMutableAttributedString\x00\x84\x84\x12NSAttributedString\x00"
            b"\x84\x84\x08NSObject\x00\x85\x92"
            b"\x84\x84\x84\x0fNSMutableString\x01\x84\x84\x08NSString\x01\x95"
        )
        ns_string, ns_object, plus = b"\x98", b"\x95", b"\x98"
    else:
        classes = (
            b"\x84\x84\x84\x12NSAttributedString\x00\x84\x84\x08NSObject\x00\x85\x92"
            b"\x84\x84\x84\x08NSString\x01\x94"
        )
        ns_string, ns_object, plus = b"\x96", b"\x94", b"\x96"
    return (
        HEADER
        + b"\x84\x01@"
        + classes
        + b"\x84\x01+"
        + typed_length(len(encoded))
        + encoded
        + b"\x86\x84\x02iI\x01"
        + typed_length(utf16_length)
        + b"\x92\x84\x84\x84\x0cNSDictionary\x00"
        + ns_object
        + b"\x84\x01i\x01\x92\x84"
        + ns_string
        + plus
        + b"\x1d__kIMMessagePartAttributeName\x86\x92\x84\x84\x84\x08NSNumber\x00\x84\x84\x07NSValue\x00"
        + ns_object
        + b"\x84\x01*\x84"
        + bytes([plus[0] + 3, plus[0] + 3])
        + b"\x00\x86\x86\x86"
    )


WORDS = (
    "ok see you at the station tonight thanks for dinner running late be there in ten minutes "
    "did you get my message call me when you can happy birthday 🎉 où es-tu je suis là 今日は ありがとう"
).split()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--messages", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    if os.path.exists(options.out):
        os.remove(options.out)
    generator = random.Random(options.seed)
    database = sqlite3.connect(options.out)
    database.executescript(
        """
        CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, service TEXT);
        CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT,
          handle_id INTEGER DEFAULT 0, is_from_me INTEGER DEFAULT 0, date INTEGER, attributedBody BLOB);
        """
    )
    database.execute("INSERT INTO handle (id, service) VALUES ('+15555550100', 'iMessage')")
    fixed = ["Hello", "See you at 6 🙂", "Thanks!"]
    rows = []
    for number in range(options.messages):
        if number < len(fixed):
            text = fixed[number]
        else:
            text = " ".join(generator.choice(WORDS) for _ in range(generator.randint(1, 24)))
        rows.append(
            (
                f"00000000-0000-4000-8000-{number:012d}",
                text,
                1,
                number % 2,
                700000000000000000 + number * 1000000000,
                attributed_body(text, mutable=number % 2 == 1),
            )
        )
    database.executemany(
        "INSERT INTO message (guid, text, handle_id, is_from_me, date, attributedBody) VALUES (?, ?, ?, ?, ?, ?)", rows
    )
    database.commit()
    database.close()


if __name__ == "__main__":
    main()
