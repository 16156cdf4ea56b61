"""Prints what pytypedstream's low-level reader reads from a typedstream, one item a line,
in the form TypedstreamEventLines.swift writes PlistKit's reading of the same file: references
to objects and classes name the object's or class's ordinal, C strings their bytes."""
import sys

from typedstream.stream import (
    Atom, BeginArray, BeginObject, BeginStruct, BeginTypedValues, ByteArray, CString, EndArray,
    EndObject, EndStruct, EndTypedValues, ObjectReference, Selector, SingleClass, TypedStreamReader,
)


def main(path):
    table = []  # the reference table: ("object", ordinal), ("class", ordinal), ("cstring", bytes)
    objects = 0
    classes = 0
    pending_classes = []
    out = []
    with TypedStreamReader.open(path) as reader:
        out.append(f"header\t{reader.byte_order}\t{reader.system_version}")
        for event in reader:
            if not isinstance(event, SingleClass) and pending_classes:
                # A chain's classes are numbered once it has ended.
                table.extend(pending_classes)
                pending_classes = []
            if isinstance(event, BeginTypedValues):
                out.append("group\t" + " ".join(e.decode("ascii") for e in event.encodings))
            elif isinstance(event, EndTypedValues):
                pass
            elif event is None:
                out.append("nil")
            elif isinstance(event, bool):
                out.append(f"bool\t{event}")
            elif isinstance(event, int):
                out.append(f"int\t{event}")
            elif isinstance(event, float):
                out.append(f"real\t{event!r}")
            elif isinstance(event, ObjectReference):
                kind, value = table[event.number]
                if kind == "cstring":
                    out.append("cstring\t" + value.hex())
                else:
                    out.append(f"ref\t{kind}\t{value}")
            elif isinstance(event, CString):
                table.append(("cstring", event.contents))
                out.append("cstring\t" + event.contents.hex())
            elif isinstance(event, Atom):
                out.append("nil" if event.contents is None else "atom\t" + event.contents.hex())
            elif isinstance(event, Selector):
                out.append("nil" if event.name is None else "selector\t" + event.name.hex())
            elif isinstance(event, bytes):
                out.append("bytes\t" + event.hex())
            elif isinstance(event, SingleClass):
                pending_classes.append(("class", classes))
                classes += 1
                out.append(f"class\t{event.name.decode('utf-8', 'replace')}\t{event.version}")
            elif isinstance(event, BeginObject):
                table.append(("object", objects))
                objects += 1
                out.append("object")
            elif isinstance(event, EndObject):
                out.append("end")
            elif isinstance(event, ByteArray):
                out.append("bytearray\t" + event.data.hex())
            elif isinstance(event, BeginArray):
                out.append(f"array\t{event.length}")
            elif isinstance(event, EndArray):
                out.append("endarray")
            elif isinstance(event, BeginStruct):
                name = "" if event.name is None else event.name.decode("utf-8", "replace")
                out.append(f"struct\t{name}")
            elif isinstance(event, EndStruct):
                out.append("endstruct")
            else:
                raise TypeError(f"unexpected event {event!r}")
    sys.stdout.write("\n".join(out) + "\n")


main(sys.argv[1])
