"""Prints the nska_deserialize view of a keyed archive as JSON (exit 3 when the module is absent)."""
import sys

try:
    import nska_deserialize
except ImportError:
    sys.exit(3)

import json

print(json.dumps(nska_deserialize.deserialize_plist(sys.argv[1])))
