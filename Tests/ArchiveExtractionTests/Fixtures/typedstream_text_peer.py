"""Prints, for every row of a chat.db-shaped database's `message` table, its `text` column and
the text pytypedstream decodes from its `attributedBody`: one JSON object per line,
{"rowid", "text", "decoded"}. Exit 3 when pytypedstream is absent."""
import json
import sqlite3
import sys
import urllib.parse

try:
    import typedstream
except ImportError:
    sys.exit(3)

uri = "file:" + urllib.parse.quote(sys.argv[1]) + "?immutable=1"
database = sqlite3.connect(uri, uri=True)
for rowid, text, body in database.execute("SELECT ROWID, text, attributedBody FROM message ORDER BY ROWID"):
    root = typedstream.unarchive_from_data(body)
    string = root.contents[0].values[0]
    print(json.dumps({"rowid": rowid, "text": text, "decoded": string.value}))
