"""Prints nska_deserialize's view of a plist with every nested plist and keyed archive opened
(full_recurse_convert_nska), as JSON with data as base64 (exit 3 when the module is absent)."""
import base64
import json
import sys

try:
    import nska_deserialize
except ImportError:
    sys.exit(3)


def jsonable(value):
    if isinstance(value, dict):
        return {str(key): jsonable(item) for key, item in value.items()}
    if isinstance(value, list):
        return [jsonable(item) for item in value]
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return value


with open(sys.argv[1], "rb") as file:
    view = nska_deserialize.deserialize_plist_from_string(file.read(), full_recurse_convert_nska=True)
print(json.dumps(jsonable(view)))
