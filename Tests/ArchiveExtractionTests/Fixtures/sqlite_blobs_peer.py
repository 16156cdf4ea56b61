"""Prints every plist and keyed archive in the blobs (and XML plists in the text) of a SQLite
database, as Python sees them: sqlite3 reading the file read-only and immutable, plistlib for
plists, nska_deserialize for keyed archives. One JSON object per line, in table, row and column
order: {"table", "column", "rowid", "kind", "value"}, data as base64, dates as ISO 8601; a blob
that does not decode has "error" instead of "value". Exit 3 when nska_deserialize is absent."""
import base64
import datetime
import json
import plistlib
import sqlite3
import sys
import urllib.parse

try:
    import nska_deserialize
except ImportError:
    sys.exit(3)

XML_STARTS = (b"<?xml", b"<!DOCTYPE plist", b"<plist")


def jsonable(value):
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(item) for item in value]
    if isinstance(value, (bytes, bytearray)):
        return base64.b64encode(bytes(value)).decode("ascii")
    if isinstance(value, datetime.datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, plistlib.UID):
        return {"CF$UID": value.data}
    return value


def kind_of(blob):
    if blob.startswith(b"bplist00"):
        return "binary-plist"
    stripped = blob[3:] if blob.startswith(b"\xef\xbb\xbf") else blob
    if stripped.lstrip(b" \t\r\n").startswith(XML_STARTS):
        return "xml-plist"
    return None


def decode(blob, kind):
    value = plistlib.loads(blob)
    if isinstance(value, dict) and ("$archiver" in value or "$top" in value or "$objects" in value):
        return "keyed-archive", nska_deserialize.deserialize_plist_from_string(blob)
    return kind, value


uri = "file:" + urllib.parse.quote(sys.argv[1]) + "?immutable=1"
database = sqlite3.connect(uri, uri=True)
tables = [
    name
    for (name,) in database.execute(
        "SELECT s.name FROM sqlite_schema AS s JOIN pragma_table_list AS l ON l.name = s.name"
        " WHERE l.schema = 'main' AND l.type = 'table' AND s.type = 'table' AND s.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'"
        " ORDER BY s.rowid"
    )
]
for table in tables:
    columns = [row[1] for row in database.execute("SELECT * FROM pragma_table_info(?)", (table,))]
    quoted = ", ".join('"' + column.replace('"', '""') + '"' for column in columns)
    for row in database.execute(f'SELECT rowid, {quoted} FROM "{table}"'):
        for column, value in zip(columns, row[1:]):
            if isinstance(value, str):
                value = value.encode("utf-8")
            if not isinstance(value, bytes):
                continue
            kind = kind_of(value)
            if kind is None:
                continue
            record = {"table": table, "column": column, "rowid": row[0]}
            try:
                record["kind"], decoded = decode(value, kind)
                record["value"] = jsonable(decoded)
            except Exception as error:
                record["kind"] = kind
                record["error"] = type(error).__name__
            print(json.dumps(record, sort_keys=True))
