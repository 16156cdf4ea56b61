import KeyedArchive
@_spi(PropertyListMap) import PlistKit

/// What a map laid out from a keyed archive knows beyond values: the class of each object
/// that is not a Foundation value (so that decoding can check it against the type asking),
/// and which data entries were `NSUUID`s.
struct ArchiveAnnotations {
  /// Entry → class, for objects of classes other than the Foundation ones.
  var classes: [Int: ClassChain] = [:]
  /// Entries of `NSUUID` objects (16 bytes of data).
  var uuids: Set<Int> = []
}

extension MapDecodingSource {
  /// The objects of an archive laid out for decoding, from `$top` down: entry 0 is the `$top`
  /// dictionary.
  ///
  /// Foundation's value classes become plain values, so that a `Decodable` type reads them as
  /// it reads a property list: NSArray, NSSet and NSOrderedSet (and their mutable forms) are
  /// arrays (an ordered set's `NS.object.N` members in order), NSCountedSet the array of its
  /// members (each once), NSDictionary a dictionary (its keys as strings; integer keys in decimal) or, when
  /// its keys are neither, an array of key, value, key, value…; NSString a string, NSNumber a
  /// number or boolean, NSDate a date, NSData data, NSNull and `$null` the string `$null`,
  /// NSUUID 16 bytes of data, NSURL a dictionary with `relative` and `base` (as `URL` decodes
  /// itself). Any other object is the dictionary of its fields, its class recorded in
  /// ``ArchiveAnnotations``. Each object is laid out once and shared from every other place
  /// that references it, cycles included (decoding follows them, and refuses a cycle).
  convenience init(archive graph: ObjectGraph, rules: DecodingRules) throws(PropertyListError) {
    var layout = ArchiveLayout(graph: graph)
    try layout.run()
    self.init(map: layout.builder.map, rules: rules, archive: layout.annotations)
  }
}

/// The walk that lays an object graph out, with its own stack so that a long chain of
/// objects cannot exhaust the thread's.
private struct ArchiveLayout {
  let graph: ObjectGraph
  var builder = PropertyListMapBuilder(
    limits: PropertyListLimits(maximumObjectCount: PropertyListMap.maximumEntryCount))
  var annotations = ArchiveAnnotations()
  /// Node id → its entry, once laid out (or while it is).
  var entries: [Int: Int] = [:]

  /// A container being laid out: its children, each a key (in a dictionary) and a field value
  /// (a reference `.uid(id)`, or a value stored inline).
  struct Frame {
    var children: [(key: String?, value: PropertyList)]
    var next = 0
  }

  mutating func run() throws(PropertyListError) {
    var stack: [Frame] = []
    try builder.beginDictionary()
    stack.append(Frame(children: graph.top.map { ($0.key, $0.value) }))
    while !stack.isEmpty {
      let top = stack.count - 1
      guard stack[top].next < stack[top].children.count else {
        stack.removeLast()
        try builder.end()
        continue
      }
      let (key, value) = stack[top].children[stack[top].next]
      stack[top].next += 1
      if let key { try builder.key(key) }
      if let frame = try lay(value) { stack.append(frame) }
    }
  }

  /// Lays out a field value; returns the frame of a container whose children follow.
  private mutating func lay(_ value: PropertyList) throws(PropertyListError) -> Frame? {
    switch value {
    case .uid(let uid):
      guard uid < UInt64(graph.count) else {
        throw PropertyListError(.invalidValue, "reference \(uid) names no object (the graph has \(graph.count))")
      }
      let id = Int(uid)
      if let entry = entries[id] {
        try builder.shared(entry)
        return nil
      }
      entries[id] = builder.entryCount
      return try lay(node: id)
    case .array(let elements):
      try builder.beginArray()
      return Frame(children: elements.map { (nil, $0) })
    case .dictionary(let dictionary):
      try builder.beginDictionary()
      return Frame(children: dictionary.map { ($0.key, $0.value) })
    default:
      try builder.scalar(value)
      return nil
    }
  }

  private mutating func lay(node id: Int) throws(PropertyListError) -> Frame? {
    switch graph[id] {
    case .null:
      try builder.string(PropertyListMap.null)
      return nil
    case .value(let value):
      return try lay(value)
    case .instance(let instance):
      switch try layFoundationObject(instance) {
      case .value?: return nil
      case .container(let frame)?: return frame
      case nil: break
      }
      annotations.classes[builder.entryCount] = instance.classChain
      try builder.beginDictionary()
      return Frame(children: instance.fields.map { ($0.key, $0.value) })
    }
  }

  /// Lays out an object of a Foundation value class as its plain value; nil when the class is
  /// not one of them or its fields are not what Foundation writes (it is then laid out as
  /// its fields, and decoding it as a value reports what it found).
  private mutating func layFoundationObject(_ instance: ArchivedInstance) throws(PropertyListError) -> Laid? {
    let fields = instance.fields
    switch instance.className {
    case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet":
      guard let objects = references(fields["NS.objects"]) else { return nil }
      try builder.beginArray()
      return .container(Frame(children: objects.map { (nil, $0) }))
    case "NSOrderedSet", "NSMutableOrderedSet":
      guard case .success(let members) = FoundationMembers.orderedSet(fields, className: instance.className) else {
        return nil
      }
      try builder.beginArray()
      return .container(Frame(children: members.map { (nil, $0) }))
    case "NSCountedSet":
      // Each member once, as a Swift set holds it; the counts have no Swift form.
      guard case .success(let members) = FoundationMembers.countedSet(fields, className: instance.className) else {
        return nil
      }
      try builder.beginArray()
      return .container(Frame(children: members.map { (nil, $0.0) }))
    case "NSDictionary", "NSMutableDictionary":
      guard let keys = references(fields["NS.keys"]), let objects = references(fields["NS.objects"]),
        keys.count == objects.count
      else { return nil }
      let names = keys.map { keyText($0) }
      if names.allSatisfy({ $0 != nil }) {
        try builder.beginDictionary()
        return .container(Frame(children: zip(names, objects).map { ($0!, $1) }))
      }
      try builder.beginArray()
      return .container(Frame(children: zip(keys, objects).flatMap { [(nil, $0), (nil, $1)] }))
    case "NSString", "NSMutableString":
      guard let string = text(of: fields) else { return nil }
      try builder.string(string)
    case "NSData", "NSMutableData":
      guard case .data(let bytes)? = fields["NS.data"] else { return nil }
      try builder.scalar(.data(bytes))
    case "NSDate":
      guard case .real(let seconds)? = fields["NS.time"] else { return nil }
      try builder.scalar(.date(PropertyListDate(secondsSinceReferenceDate: seconds)))
    case "NSNull":
      try builder.string(PropertyListMap.null)
    case "NSUUID":
      guard case .data(let bytes)? = fields["NS.uuidbytes"], bytes.count == 16 else { return nil }
      annotations.uuids.insert(builder.entryCount)
      try builder.scalar(.data(bytes))
    case "NSURL":
      guard let relative = fields["NS.relative"], let base = fields["NS.base"] else { return nil }
      try builder.beginDictionary()
      var children: [(key: String?, value: PropertyList)] = [("relative", relative)]
      if base != .uid(UInt64(ObjectGraph.nullID)) { children.append(("base", base)) }
      return .container(Frame(children: children))
    default:
      return nil
    }
    return .value
  }

  /// What laying an object out made: a value, or a container whose children follow.
  private enum Laid {
    case value
    case container(Frame)
  }

  /// The references of an `NS.objects` or `NS.keys` field.
  private func references(_ value: PropertyList?) -> [PropertyList]? {
    guard case .array(let elements)? = value, elements.allSatisfy({ $0.uidValue != nil }) else { return nil }
    return elements
  }

  /// A dictionary key as a string: a string, an NSString, or a number as NSNumber prints it
  /// (Foundation's archiver may store the key 1 as the boolean true it shares an object with).
  private func keyText(_ reference: PropertyList) -> String? {
    guard let uid = reference.uidValue, uid < UInt64(graph.count) else { return nil }
    switch graph[Int(uid)] {
    case .value(.string(let string)): return string
    case .value(.integer(let integer)): return integer.description
    case .value(.boolean(let boolean)): return boolean ? "1" : "0"
    case .value(.real(let real)):
      if let integer = Int64(exactly: real) { return String(integer) }
      return real.description
    case .instance(let instance) where ["NSString", "NSMutableString"].contains(instance.className):
      return text(of: instance.fields)
    default: return nil
    }
  }

  /// The text of an NSString's fields: `NS.string`, or UTF-8 in `NS.bytes`.
  private func text(of fields: PropertyListDictionary) -> String? {
    if case .string(let string)? = fields["NS.string"] { return string }
    if case .data(let bytes)? = fields["NS.bytes"] { return String(validating: bytes, as: UTF8.self) }
    return nil
  }
}
