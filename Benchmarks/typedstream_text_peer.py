"""The Python side of Benchmarks/extract.sh: reads every attributedBody of a chat.db-shaped
database with sqlite3 (read-only, immutable) and decodes each with pytypedstream, printing the
text of each message, one line each, as `plistkit extract --format text` prints its values."""
import sqlite3
import sys
import urllib.parse

import typedstream

uri = "file:" + urllib.parse.quote(sys.argv[1]) + "?immutable=1"
database = sqlite3.connect(uri, uri=True)
out = sys.stdout
for (body,) in database.execute("SELECT attributedBody FROM message"):
    root = typedstream.unarchive_from_data(body)
    out.write(root.contents[0].values[0].value)
    out.write("\n")
