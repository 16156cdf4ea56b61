"""Prints the root value pytypedstream unarchives from a typedstream, as JSON in the shape of
PlistKit's plain view: Foundation's and AppKit's classes by their values, other objects as
{"$class", "$classes", "$values"}; data as {"$data": base64}, dates as {"$date": seconds}."""
import base64
import json
import sys

import typedstream
from typedstream import archiving
from typedstream.types import appkit, foundation


def text(raw):
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return {"$data": base64.b64encode(raw).decode("ascii")}


def chain(clazz):
    names = []
    while clazz is not None:
        names.append(clazz.name.decode("utf-8"))
        clazz = clazz.superclass
    return names


def key_text(key):
    if isinstance(key, bool):
        return "True" if key else "False"
    return key if isinstance(key, str) else str(key)


STRUCTS = {
    b"_NSRange": ("location", "length"), b"_NSPoint": ("x", "y"), b"_NSSize": ("width", "height"),
}


def plain(value):
    if value is None:
        return ""
    if isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, bytes):
        return text(value)
    if isinstance(value, foundation.NSString):
        return value.value
    if isinstance(value, foundation.NSDictionary):
        return {key_text(plain(k)): plain(v) for k, v in value.contents.items()}
    if isinstance(value, (foundation.NSArray, foundation.NSSet)):
        return [plain(e) for e in value.elements]
    if isinstance(value, foundation.NSValue):
        return plain(value.value)
    if isinstance(value, foundation.NSData):
        return {"$data": base64.b64encode(value.data).decode("ascii")}
    if isinstance(value, foundation.NSDate):
        return {"$date": value.absolute_reference_date_offset}
    if isinstance(value, foundation.NSURL):
        if value.relative_to is None:
            return value.value
        return {"base": plain(value.relative_to), "relative": value.value}
    if isinstance(value, foundation.NSPoint):
        return {"x": value.x, "y": value.y}
    if isinstance(value, foundation.NSSize):
        return {"width": value.width, "height": value.height}
    if isinstance(value, foundation.NSRect):
        return {"x": value.origin.x, "y": value.origin.y, "width": value.size.width, "height": value.size.height}
    if isinstance(value, archiving.GenericStruct):
        names = STRUCTS.get(value.name)
        if names is not None and len(names) == len(value.fields):
            return dict(zip(names, (plain(f) for f in value.fields)))
        return [plain(f) for f in value.fields]
    if isinstance(value, appkit.NSColor):
        kind = value.kind.value
        spaces = {1: "calibratedRGB", 2: "deviceRGB", 3: "calibratedWhite", 4: "deviceWhite", 5: "deviceCMYK"}
        if kind == 6:
            v = value.value
            return {"colorSpace": "catalog", "catalog": v.group, "name": v.name, "color": plain(v.color)}
        result = {"colorSpace": spaces[kind]}
        result.update({k: v for k, v in vars(value.value).items()})
        return result
    if isinstance(value, appkit.NSFont):
        return {"name": value.name, "size": value.size}
    if isinstance(value, archiving.Array):
        elements = value.elements
        if isinstance(elements, bytes):
            return {"$data": base64.b64encode(elements).decode("ascii")}
        return [plain(e) for e in elements]
    if isinstance(value, archiving.GenericArchivedObject):
        values = [plain(v) for group in value.contents for v in group.values]
        return {"$class": value.clazz.name.decode("utf-8"), "$classes": chain(value.clazz), "$values": values}
    if type(value) is foundation.NSObject:
        return {"$class": "NSObject", "$classes": ["NSObject"], "$values": []}
    if isinstance(value, archiving.Class):
        return value.name.decode("utf-8")
    raise TypeError(f"no plain form for {type(value)}")


with typedstream.Unarchiver.open(sys.argv[1]) as unarchiver:
    print(json.dumps(plain(unarchiver.decode_single_root())))
