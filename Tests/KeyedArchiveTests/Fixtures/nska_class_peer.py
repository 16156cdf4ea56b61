"""Prints the nska_deserialize view of a keyed archive as JSON, data as {"hexBytes": hex} (exit 3 when the module is absent)."""
import sys

try:
    import nska_deserialize
except ImportError:
    sys.exit(3)

import datetime
import json


def plain(value):
    if isinstance(value, (bytes, bytearray)):
        return {"hexBytes": bytes(value).hex()}
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(item) for item in value]
    if isinstance(value, datetime.datetime):
        return {"$date": value.isoformat()}
    return value


print(json.dumps(plain(nska_deserialize.deserialize_plist(sys.argv[1])), sort_keys=True))
