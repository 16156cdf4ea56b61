/// Reads a whole typedstream into a ``TypedstreamArchive``, with its own stack of open
/// objects, arrays and structs instead of recursion, so that a deeply nested stream meets
/// ``TypedstreamLimits/maximumDepth`` rather than the end of the thread's stack.
struct TypedstreamDecoder: ~Copyable {
  /// What a reference number stands for: the three kinds share one numbering.
  enum Reference {
    case object(Int)
    case `class`(Int)
    case cString(Range<Int>)
  }

  /// What is being read: the top level, an object's groups, a group's values, or the
  /// elements or fields of an array or struct.
  struct Frame {
    enum Kind {
      case root
      case object(Int)
      case group
      case array
      case structure(String?)
    }
    var kind: Kind
    var types: [TypeEncoding] = []
    var expected = 0
    var values: [TypedstreamValue] = []
    var groups: [TypedstreamGroup] = []
  }

  var cursor: TypedstreamCursor
  let limits: TypedstreamLimits
  var sharedStrings: [Range<Int>] = []
  var parsedEncodings: [[TypeEncoding]?] = []
  var references: [Reference] = []
  var objects: [TypedstreamObject] = []
  var classes: [TypedstreamClass] = []
  var stack: [Frame] = []

  init(bytes: UnsafeRawBufferPointer, header: TypedstreamHeader, limits: TypedstreamLimits) {
    cursor = TypedstreamCursor(bytes: bytes, offset: header.length, bigEndian: header.byteOrder == .bigEndian)
    self.limits = limits
  }

  /// Reads every group to the end of the input.
  mutating func decodeRoots() throws(TypedstreamError) -> [TypedstreamGroup] {
    stack = [Frame(kind: .root)]
    while true {
      let top = stack.count - 1
      switch stack[top].kind {
      case .root:
        if cursor.isAtEnd { return stack[0].groups }
        try beginGroup(head: try cursor.head("a group"))
      case .object(let index):
        let head = try cursor.head("a group of the object or its end (0x86)")
        if head == TypedstreamTag.endOfObject {
          let frame = stack.removeLast()
          objects[index].groups = frame.groups
          deliver(.object(index))
        } else {
          try beginGroup(head: head)
        }
      case .group:
        if stack[top].values.count == stack[top].expected {
          let frame = stack.removeLast()
          stack[stack.count - 1].groups.append(TypedstreamGroup(encodings: frame.types, values: frame.values))
        } else {
          try readValue(stack[top].types[stack[top].values.count])
        }
      case .array:
        if stack[top].values.count == stack[top].expected {
          deliver(.array(stack.removeLast().values))
        } else {
          try readValue(stack[top].types[0])
        }
      case .structure(let name):
        if stack[top].values.count == stack[top].expected {
          deliver(.structure(name: name, fields: stack.removeLast().values))
        } else {
          try readValue(stack[top].types[stack[top].values.count])
        }
      }
    }
  }

  private mutating func deliver(_ value: TypedstreamValue) {
    stack[stack.count - 1].values.append(value)
  }

  private mutating func push(_ frame: Frame) throws(TypedstreamError) {
    guard stack.count <= limits.maximumDepth else {
      throw TypedstreamError(
        .limitExceeded, at: cursor.offset,
        "objects, arrays and structs nested deeper than the limit of \(limits.maximumDepth)")
    }
    stack.append(frame)
  }

  /// Reads a group's type encoding and opens the group.
  private mutating func beginGroup(head: Int8) throws(TypedstreamError) {
    let start = cursor.offset - 1
    guard let index = try sharedString(head: head, "a group's type encoding") else {
      throw TypedstreamError(.malformed, at: start, "expected a group's type encoding, found nil (0x85)")
    }
    let types: [TypeEncoding]
    if let parsed = parsedEncodings[index] {
      types = parsed
    } else {
      do {
        types = try TypeEncoding.parseList(
          UnsafeRawBufferPointer(rebasing: cursor.bytes[sharedStrings[index]]),
          maximumLength: limits.maximumEncodingLength)
      } catch {
        throw TypedstreamError(.malformed, at: start, "expected a type encoding, found \(error.message)")
      }
      parsedEncodings[index] = types
    }
    try push(Frame(kind: .group, types: types, expected: types.count))
  }

  /// Reads one value of `type`: a scalar is delivered at once, an object, array or struct
  /// is opened for the loop to read.
  private mutating func readValue(_ type: TypeEncoding) throws(TypedstreamError) {
    switch type {
    case .scalar(let code): try readScalar(code)
    case .array(let count, let element):
      if case .scalar(let code) = element, code == UInt8(ascii: "c") || code == UInt8(ascii: "C") {
        let span = try cursor.span(count, "a byte array of \(count) bytes")
        return deliver(.byteArray(Array(cursor.bytes[span])))
      }
      guard element.minimumSize > 0 else {
        throw TypedstreamError(
          .malformed, at: cursor.offset,
          "expected an array of values that take bytes, found \(type), whose elements take none")
      }
      guard count <= limits.maximumCount, count <= cursor.bytes.count - cursor.offset else {
        throw TypedstreamError(
          .limitExceeded, at: cursor.offset,
          "an array of \(count) elements, more than the \(min(limits.maximumCount, cursor.bytes.count - cursor.offset)) the input or the limit allows"
        )
      }
      var frame = Frame(kind: .array, types: [element], expected: count)
      frame.values.reserveCapacity(min(count, 1024))
      try push(frame)
    case .structure(let name, let fields):
      if fields.isEmpty { return deliver(.structure(name: name, fields: [])) }
      try push(Frame(kind: .structure(name), types: fields, expected: fields.count))
    case .pointer:
      throw TypedstreamError(
        .malformed, at: cursor.offset, "expected a value, found the pointer type \(type), which a stream cannot hold")
    }
  }

  private mutating func readScalar(_ code: UInt8) throws(TypedstreamError) {
    switch code {
    case UInt8(ascii: "c"):
      let head = try cursor.head("a char")
      deliver(.integer(Int64(head)))
    case UInt8(ascii: "C"):
      let head = try cursor.head("an unsigned char")
      deliver(.unsignedInteger(UInt64(UInt8(bitPattern: head))))
    case UInt8(ascii: "B"):
      let head = try cursor.head("a bool")
      guard head == 0 || head == 1 else {
        throw TypedstreamError(.malformed, at: cursor.offset - 1, "expected a bool (0 or 1), found \(head)")
      }
      deliver(.boolean(head == 1))
    case UInt8(ascii: "s"), UInt8(ascii: "i"), UInt8(ascii: "l"), UInt8(ascii: "q"):
      let head = try cursor.head("an integer")
      deliver(.integer(try cursor.signedInteger(head: head, "an integer")))
    case UInt8(ascii: "S"), UInt8(ascii: "I"), UInt8(ascii: "L"), UInt8(ascii: "Q"):
      let head = try cursor.head("an unsigned integer")
      deliver(.unsignedInteger(try cursor.unsignedInteger(head: head, "an unsigned integer")))
    case UInt8(ascii: "f"):
      deliver(.float(try cursor.float(head: try cursor.head("a float"))))
    case UInt8(ascii: "d"):
      deliver(.double(try cursor.double(head: try cursor.head("a double"))))
    case UInt8(ascii: "+"):
      let span = try cursor.unsharedString(head: try cursor.head("a string"), "a string")
      deliver(span.map { .bytes(Array(cursor.bytes[$0])) } ?? .nil)
    case UInt8(ascii: "%"), UInt8(ascii: ":"):
      let what = code == UInt8(ascii: "%") ? "an atom" : "a selector"
      let index = try sharedString(head: try cursor.head(what), what)
      guard let index else { return deliver(.nil) }
      let bytes = Array(cursor.bytes[sharedStrings[index]])
      deliver(code == UInt8(ascii: "%") ? .atom(bytes) : .selector(bytes))
    case UInt8(ascii: "*"): try readCString()
    case UInt8(ascii: "#"):
      let start = cursor.offset
      let index = try readClass(head: try cursor.head("a class"), start: start)
      deliver(index.map { .class($0) } ?? .nil)
    case UInt8(ascii: "@"): try readObject()
    case UInt8(ascii: "!"): deliver(.nil)
    default:
      throw TypedstreamError(
        .malformed, at: cursor.offset, "expected a type a stream can hold, found '\(String(UnicodeScalar(code)))'")
    }
  }

  private mutating func readCString() throws(TypedstreamError) {
    let start = cursor.offset
    let head = try cursor.head("a C string")
    if head == TypedstreamTag.nil { return deliver(.nil) }
    if head == TypedstreamTag.new {
      guard let index = try sharedString(head: try cursor.head("a C string"), "a C string") else {
        throw TypedstreamError(.malformed, at: start, "expected the text of a new C string, found nil (0x85)")
      }
      let span = sharedStrings[index]
      guard !cursor.bytes[span].contains(0) else {
        throw TypedstreamError(.malformed, at: start, "expected a C string, found one with a zero byte inside")
      }
      try addReference(.cString(span))
      return deliver(.cString(Array(cursor.bytes[span])))
    }
    guard case .cString(let span) = try reference(head: head, start: start, "a C string") else {
      throw TypedstreamError(
        .badReference, at: start, "expected a reference to a C string, found one to \(kindName(head))")
    }
    deliver(.cString(Array(cursor.bytes[span])))
  }

  private mutating func readObject() throws(TypedstreamError) {
    let start = cursor.offset
    let head = try cursor.head("an object")
    if head == TypedstreamTag.nil { return deliver(.nil) }
    if head == TypedstreamTag.new {
      let index = objects.count
      objects.append(TypedstreamObject(classIndex: -1, groups: []))
      try addReference(.object(index))
      let classStart = cursor.offset
      guard let classIndex = try readClass(head: try cursor.head("an object's class"), start: classStart) else {
        throw TypedstreamError(.malformed, at: classStart, "expected an object's class, found nil (0x85)")
      }
      objects[index].classIndex = classIndex
      return try push(Frame(kind: .object(index)))
    }
    guard case .object(let index) = try reference(head: head, start: start, "an object") else {
      throw TypedstreamError(
        .badReference, at: start, "expected a reference to an object, found one to \(kindName(head))")
    }
    deliver(.object(index))
  }

  /// Reads a class: new classes with their superclasses until nil or a class read before.
  /// Returns its index, or nil for a nil class.
  private mutating func readClass(head first: Int8, start: Int) throws(TypedstreamError) -> Int? {
    var head = first
    var chain: [(name: Range<Int>, version: Int64)] = []
    while head == TypedstreamTag.new {
      let nameStart = cursor.offset
      guard let name = try sharedString(head: try cursor.head("a class name"), "a class name") else {
        throw TypedstreamError(.malformed, at: nameStart, "expected a class name, found nil (0x85)")
      }
      let versionHead = try cursor.head("a class version")
      chain.append((sharedStrings[name], try cursor.signedInteger(head: versionHead, "a class version")))
      head = try cursor.head("a superclass")
    }
    var superclass: Int?
    if head != TypedstreamTag.nil {
      let terminatorStart = cursor.offset - 1
      guard case .class(let index) = try reference(head: head, start: terminatorStart, "a class") else {
        throw TypedstreamError(
          .badReference, at: terminatorStart, "expected a reference to a class, found one to \(kindName(head))")
      }
      superclass = index
    }
    guard !chain.isEmpty else { return superclass }
    // Classes are numbered in the order they are written, each before its superclass, and
    // only once the chain has ended: a chain cannot name one of its own classes.
    let base = classes.count
    for (position, entry) in chain.enumerated() {
      let name = String(decoding: cursor.bytes[entry.name], as: UTF8.self)
      let parent = position + 1 < chain.count ? base + position + 1 : superclass
      classes.append(TypedstreamClass(name: name, version: entry.version, superclass: parent))
      try addReference(.class(base + position))
    }
    return base
  }

  /// A shared string after its head byte: its index in the table, or nil for nil.
  private mutating func sharedString(head: Int8, _ what: @autoclosure () -> String) throws(TypedstreamError) -> Int? {
    if head == TypedstreamTag.nil { return nil }
    let start = cursor.offset - 1
    if head == TypedstreamTag.new {
      guard let span = try cursor.unsharedString(head: try cursor.head(what()), what()) else {
        throw TypedstreamError(.malformed, at: start, "expected the text of \(what()), found nil (0x85)")
      }
      guard sharedStrings.count < limits.maximumReferences else {
        throw TypedstreamError(
          .limitExceeded, at: start, "more than the limit of \(limits.maximumReferences) shared strings")
      }
      sharedStrings.append(span)
      parsedEncodings.append(nil)
      return sharedStrings.count - 1
    }
    let number = try cursor.signedInteger(head: head, what())
    let index = number - TypedstreamTag.firstReference
    guard index >= 0, index < sharedStrings.count else {
      throw TypedstreamError(
        .badReference, at: start,
        "expected \(what()): a new string or a reference to one of the \(sharedStrings.count) read so far, found reference \(index)"
      )
    }
    return Int(index)
  }

  private mutating func reference(head: Int8, start: Int, _ what: String) throws(TypedstreamError) -> Reference {
    let number = try cursor.signedInteger(head: head, what)
    let index = number - TypedstreamTag.firstReference
    guard index >= 0, index < references.count else {
      throw TypedstreamError(
        .badReference, at: start,
        "expected \(what): new (0x84), nil (0x85) or a reference to one of the \(references.count) read so far, found reference \(index)"
      )
    }
    return references[Int(index)]
  }

  private mutating func addReference(_ reference: Reference) throws(TypedstreamError) {
    guard references.count < limits.maximumReferences else {
      throw TypedstreamError(
        .limitExceeded, at: cursor.offset,
        "more than the limit of \(limits.maximumReferences) objects, classes and C strings")
    }
    references.append(reference)
  }

  /// What the reference just read names, for a message.
  private func kindName(_ head: Int8) -> String {
    let index = Int64(head) - TypedstreamTag.firstReference
    guard index >= 0, index < references.count else { return "something else" }
    switch references[Int(index)] {
    case .object: return "an object"
    case .class: return "a class"
    case .cString: return "a C string"
    }
  }
}

extension TypedstreamArchive {
  /// Reads a typedstream.
  ///
  /// - Throws: ``TypedstreamError``, with the byte offset, for input that is not a
  ///   typedstream, ends early, breaks the format or exceeds `limits`.
  public init(bytes: [UInt8], limits: TypedstreamLimits = .default) throws(TypedstreamError) {
    let result = bytes.withUnsafeBytes { (buffer) -> Result<TypedstreamArchive, TypedstreamError> in
      do throws(TypedstreamError) {
        return .success(try TypedstreamArchive(buffer: buffer, limits: limits))
      } catch {
        return .failure(error)
      }
    }
    self = try result.get()
  }

  /// Reads a typedstream from a buffer.
  public init(buffer: UnsafeRawBufferPointer, limits: TypedstreamLimits = .default) throws(TypedstreamError) {
    let header = try TypedstreamHeader.read(buffer)
    var decoder = TypedstreamDecoder(bytes: buffer, header: header, limits: limits)
    let roots = try decoder.decodeRoots()
    self.init(
      streamerVersion: header.streamerVersion, byteOrder: header.byteOrder, systemVersion: header.systemVersion,
      roots: roots, objects: decoder.objects, classes: decoder.classes)
  }
}
