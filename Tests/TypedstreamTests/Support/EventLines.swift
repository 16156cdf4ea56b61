import Typedstream

/// An archive written out as the items a reader meets, one a line, in the form of
/// `Fixtures/typedstream_events_peer.py`: objects and classes are literal where the stream
/// introduced them (their ordinals come in order) and references after.
struct EventLines {
  let archive: TypedstreamArchive
  private var lines: [String] = []
  private var nextObject = 0
  private var nextClass = 0

  static func of(_ archive: TypedstreamArchive) -> [String] {
    var writer = EventLines(archive: archive)
    writer.lines.append(
      "header\t\(archive.byteOrder == .bigEndian ? "big" : "little")\t\(archive.systemVersion)")
    for group in archive.roots { writer.group(group) }
    return writer.lines
  }

  private init(archive: TypedstreamArchive) { self.archive = archive }

  private mutating func group(_ group: TypedstreamGroup) {
    lines.append("group\t" + group.encodings.map(\.description).joined(separator: " "))
    for value in group.values { self.value(value) }
  }

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
  }

  private mutating func value(_ value: TypedstreamValue) {
    switch value {
    case .integer(let integer): lines.append("int\t\(integer)")
    case .unsignedInteger(let integer): lines.append("int\t\(integer)")
    case .boolean(let bool): lines.append("bool\t\(bool ? "True" : "False")")
    case .float(let float): lines.append("real\t\(Self.python(Double(float)))")
    case .double(let double): lines.append("real\t\(Self.python(double))")
    case .cString(let bytes): lines.append("cstring\t" + Self.hex(bytes))
    case .bytes(let bytes): lines.append("bytes\t" + Self.hex(bytes))
    case .byteArray(let bytes): lines.append("bytearray\t" + Self.hex(bytes))
    case .atom(let bytes): lines.append("atom\t" + Self.hex(bytes))
    case .selector(let bytes): lines.append("selector\t" + Self.hex(bytes))
    case .nil: lines.append("nil")
    case .class(let index): classChain(index)
    case .object(let index):
      guard index == nextObject else { return lines.append("ref\tobject\t\(index)") }
      nextObject += 1
      lines.append("object")
      classChain(archive.objects[index].classIndex)
      for group in archive.objects[index].groups { self.group(group) }
      lines.append("end")
    case .array(let elements):
      lines.append("array\t\(elements.count)")
      for element in elements { self.value(element) }
      lines.append("endarray")
    case .structure(let name, let fields):
      lines.append("struct\t\(name ?? "")")
      for field in fields { self.value(field) }
      lines.append("endstruct")
    }
  }

  private mutating func classChain(_ index: Int) {
    var current: Int? = index
    while let index = current, index == nextClass {
      nextClass += 1
      lines.append("class\t\(archive.classes[index].name)\t\(archive.classes[index].version)")
      current = archive.classes[index].superclass
    }
    lines.append(current.map { "ref\tclass\t\($0)" } ?? "nil")
  }

  /// A double as Python's `repr` writes it.
  static func python(_ value: Double) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var text = value.description
    if let exponent = text.firstIndex(of: "e") {
      // Swift writes 1e-05 and 1e+16 as Python does, but 1.5e-07 the same: only a missing
      // sign differs.
      let after = text.index(after: exponent)
      if text[after] != "-" && text[after] != "+" { text.insert("+", at: after) }
    }
    return text
  }
}
