"""Prints, for every row of a chat.db-shaped database's `message` table, its `text` column and
pytypedstream's reading of its `attributedBody` in the shape of the plain view of an attributed
string: {"rowid", "text", "view": {"string", "runs": [{"range": {"location", "length"},
"attributes"}]}}, one JSON object per line. Exit 3 when pytypedstream is absent."""
import json
import sqlite3
import sys
import urllib.parse

try:
    import typedstream
except ImportError:
    sys.exit(3)


def plain(value):
    """A Foundation object of pytypedstream as plain JSON."""
    if hasattr(value, "value"):
        return value.value
    if isinstance(value, dict) or hasattr(value, "contents") and isinstance(value.contents, dict):
        items = value.items() if isinstance(value, dict) else value.contents.items()
        return {plain(key): plain(item) for key, item in items}
    return value


def view(root):
    """The string and its attribute runs: after the string, pairs of (attributes number, length),
    each new attributes number followed by its dictionary."""
    groups = root.contents
    string = groups[0].values[0].value
    dictionaries, runs, location, index = [], [], 0, 1
    while index < len(groups):
        number, length = groups[index].values
        index += 1
        if number > len(dictionaries):
            dictionaries.append(plain(groups[index].values[0]))
            index += 1
        runs.append({"range": {"location": location, "length": length}, "attributes": dictionaries[number - 1]})
        location += length
    return {"string": string, "runs": runs}


uri = "file:" + urllib.parse.quote(sys.argv[1]) + "?immutable=1"
database = sqlite3.connect(uri, uri=True)
for rowid, text, body in database.execute("SELECT ROWID, text, attributedBody FROM message ORDER BY ROWID"):
    print(json.dumps({"rowid": rowid, "text": text, "view": view(typedstream.unarchive_from_data(body))}))
