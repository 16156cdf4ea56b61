import FoundationEssentials
import PlistCoding
import PlistDocument
import PlistKit

/// A route that disagrees: which one, and how.
public struct RouteFailure: Error, Sendable, CustomStringConvertible {
  /// The route, as `writer`, `source → target` or `Codable XML`.
  public let route: String
  /// What it gave, against what it should have.
  public let problem: String

  public var description: String { "\(route): \(problem)" }
}

/// What the routes of one value did, beyond their failures: for tests that make sure a run
/// exercised what it claims to.
public struct RouteTally: Sendable {
  /// Writes that read back as the writer's documentation says.
  public var writes = 0
  /// Writes refused with the documented kind.
  public var refusals = 0
  /// Conversions the converter wrote while reading.
  public var streamedConversions = 0
  /// Conversions through the value.
  public var valueConversions = 0
  /// Values decoded through the Codable decoder.
  public var decodings = 0
  /// Values encoded through the Codable encoder.
  public var encodings = 0
  /// Documents read and edited.
  public var documents = 0

  public init() {}
}

/// Every route a value can take, checked against the others and against what the writers
/// document (``RouteWriter/expectedReadBack(of:)``):
///
/// 1. each writer (``RouteWriter/all``) writes the value and its reader reads the same value
///    back, or the value the format documents, or the writer refuses it with the documented
///    kind; plain JSON that holds typed JSON's tags is read as typed JSON, as documented, and
///    reads as the plain form without that detection; the binary form keeps shared containers
///    shared;
/// 2. the stream writers, given the value's events, write exactly the value writer's bytes in
///    XML, JSON and OpenStep, and stop where the value writer refuses; the binary stream writer
///    writes the same value in another layout;
/// 3. ``PropertyListConverter`` turns each writer's output (``RouteWriter/sources``) into every
///    format: the bytes of the value path (reading the input, writing its value) in the text
///    forms, the same value in binary, the value path's bytes with binary streaming off, the
///    value path's error exactly where it fails; and what it writes reads back as the target
///    documents;
/// 4. ``PlistEncoder`` (for a value without UIDs, which no Codable type stands for) encodes the
///    value exactly (`encodeValue`); writes the XML writer's bytes for the value with its keys
///    in Swift's order (its documentation's claim), binary that reads back as the value, and
///    JSON and OpenStep as the writers with its options write them; ``PlistDecoder`` decodes
///    every writer's output to the value the reader gives, and the encoder's OpenStep and
///    plain JSON, whose scalars are strings, to the value those strings stand for;
/// 5. a ``PropertyListDocument`` of each text writer's output keeps its bytes and gives the
///    reader's value; the value set into a document at its root or at a key reads back as the
///    writer's output does, or is refused with the same kind, the document unchanged.
public struct RouteAgreement: Sendable {
  /// Whether the text writers indent.
  public var pretty: Bool
  /// Values that hold more than this many values once their shared containers are written out
  /// are not taken through the routes (the text forms would write them out in full).
  public var maximumExpandedCount = 20_000

  /// Makes a runner.
  public init(pretty: Bool = true) { self.pretty = pretty }

  /// The failures of every route for `value`; empty when they all agree.
  public func failures(for value: PropertyList) -> [RouteFailure] {
    var tally = RouteTally()
    return failures(for: value, tally: &tally)
  }

  /// The failures of every route for `value`, counting what the routes did in `tally`.
  public func failures(for value: PropertyList, tally: inout RouteTally) -> [RouteFailure] {
    guard value.expandedValueCount(upTo: maximumExpandedCount) != nil else { return [] }
    var run = RouteRun(value: value, pretty: pretty)
    run.write()
    run.stream()
    run.convert()
    run.codable()
    run.edit()
    tally.writes += run.tally.writes
    tally.refusals += run.tally.refusals
    tally.streamedConversions += run.tally.streamedConversions
    tally.valueConversions += run.tally.valueConversions
    tally.decodings += run.tally.decodings
    tally.encodings += run.tally.encodings
    tally.documents += run.tally.documents
    return run.failures
  }
}

/// The routes of one value, and what they found.
struct RouteRun {
  let value: PropertyList
  let writers: [RouteWriter]
  var failures: [RouteFailure] = []
  var tally = RouteTally()
  /// Each writer's output, or its error, by the writer's name.
  var outputs: [String: Result<[UInt8], PropertyListError>] = [:]

  init(value: PropertyList, pretty: Bool) {
    self.value = value
    writers = RouteWriter.all.map { $0.pretty(pretty) }
  }

  mutating func fail(_ route: String, _ problem: String) {
    failures.append(RouteFailure(route: route, problem: problem))
  }

  // MARK: - Reading back

  /// Reads `bytes` as `writer`'s format, under its reading options.
  static func read(_ bytes: [UInt8], as writer: RouteWriter, detectsTypedJSON: Bool = true) -> RouteOutcome {
    var options = writer.readingOptions
    options.detectsTypedJSON = detectsTypedJSON
    do {
      return .value(try PropertyList(bytes: bytes, format: writer.format, options: options))
    } catch {
      return .refused(error.kind)
    }
  }

  /// What reading `bytes`, `writer`'s output of `value`, must give: the documented value, but
  /// for plain JSON that holds typed JSON's tags, which the reader reads as typed JSON.
  static func expected(_ writer: RouteWriter, of value: PropertyList, bytes: [UInt8]) -> RouteOutcome {
    let outcome = writer.expectedReadBack(of: value)
    guard writer.format == .json, writer.options.jsonStyle == .plain, case .value(let plain) = outcome,
      PropertyListFragments.jsonHoldsTypedTags(plain)
    else { return outcome }
    var typed = writer
    typed.options.jsonStyle = .typed
    return read(bytes, as: typed)
  }

  // MARK: - 1. Writers

  mutating func write() {
    for writer in writers {
      let written = Result { () throws(PropertyListError) in
        try value.serialized(as: writer.format, options: writer.options)
      }
      outputs[writer.name] = written
      let expected = writer.expectedReadBack(of: value)
      switch (written, expected) {
      case (.success(let bytes), .value):
        checkReadBack(bytes, of: value, by: writer, route: writer.name)
        if writer.format == .binary { checkSharing(bytes) }
      case (.failure(let error), .refused(let kind)) where error.kind == kind:
        checkRefusal(error, by: writer)
      case (.success(let bytes), .refused):
        fail(writer.name, "wrote \(RouteText.excerpt(bytes)) where it should refuse the value")
      case (.failure(let error), _):
        fail(writer.name, "refused the value (\(error)) where it should read back as \(expected)")
      }
    }
  }

  /// Checks that `writer`'s refusal of the value says where: its key path names the scalar the
  /// format lacks, or the entry whose key it lacks. (The dotted form spells the root and the key
  /// `""` of a root dictionary alike, as the empty text: either will do there.)
  mutating func checkRefusal(_ error: PropertyListError, by writer: RouteWriter) {
    guard case .keyPath(let text) = error.location else {
      return fail(writer.name, "refused the value without a key path: \(error)")
    }
    var paths = [PropertyListKeyPath(text)]
    if text.isEmpty { paths.append(PropertyListKeyPath(components: [""])) }
    guard paths.contains(where: { names(refusedBy: writer, error, at: $0) }) else {
      let found = (try? value.value(at: paths[0])).map(RouteText.describe) ?? "nothing"
      return fail(writer.name, "refused the value at \(RouteText.escaped(text)), where \(found) is: \(error)")
    }
    tally.refusals += 1
  }

  /// True when `path` leads to a scalar that `writer` refuses with `error`'s kind, or to an entry
  /// whose key it refuses.
  func names(refusedBy writer: RouteWriter, _ error: PropertyListError, at path: PropertyListKeyPath) -> Bool {
    guard let refused = try? value.value(at: path) else { return false }
    if let key = path.components.last, writer.format == .xml, !RouteWriter.xmlHolds(key) { return true }
    switch refused {
    case .array, .dictionary: return false
    default: return writer.expectedReadBack(of: refused) == .refused(error.kind)
    }
  }

  /// Checks that `bytes`, what `writer` wrote of `value`, read back as documented.
  mutating func checkReadBack(_ bytes: [UInt8], of value: PropertyList, by writer: RouteWriter, route: String) {
    let expected = Self.expected(writer, of: value, bytes: bytes)
    let read = Self.read(bytes, as: writer)
    guard read == expected else {
      return fail(route, "read back as \(read), expected \(expected), from \(RouteText.excerpt(bytes))")
    }
    tally.writes += 1
    // Without the detection of tags, plain JSON is exactly the plain form.
    if writer.format == .json, writer.options.jsonStyle == .plain {
      let plain = Self.read(bytes, as: writer, detectsTypedJSON: false)
      let documented = writer.expectedReadBack(of: value)
      if plain != documented { fail(route, "read without tag detection as \(plain), expected \(documented)") }
    }
  }

  /// Checks that the binary form kept the value's shared containers shared.
  mutating func checkSharing(_ bytes: [UInt8]) {
    guard case .value(let read) = Self.read(bytes, as: .binary) else { return }
    let expected = RouteSharing.shape(of: value)
    let found = RouteSharing.shape(of: read)
    if found != expected {
      fail("binary", "read back with the containers shared as \(found), where the value shares them as \(expected)")
    }
  }

  // MARK: - 2. Stream writers

  mutating func stream() {
    for writer in writers where writer.format != .binary {
      guard let written = outputs[writer.name] else { continue }
      var events = ValueEvents(value: value)
      let streamed = PropertyListConverter(to: writer.format, writingOptions: writer.options).write(
        eventsOf: &events, to: nil)
      let route = "\(writer.name) stream writer"
      switch (written, streamed) {
      case (.success(let bytes), let streamed?) where streamed == bytes: continue
      case (.failure, nil): continue
      case (.success(let bytes), let streamed?):
        fail(route, "wrote \(RouteText.excerpt(streamed)) where the value writer wrote \(RouteText.excerpt(bytes))")
      case (.success(let bytes), nil):
        fail(route, "stopped where the value writer wrote \(RouteText.excerpt(bytes))")
      case (.failure(let error), let streamed?):
        fail(route, "wrote \(RouteText.excerpt(streamed)) where the value writer refused the value (\(error))")
      }
    }
    // The binary stream writer: another layout of the same value.
    let bound = 2 * (value.expandedValueCount(upTo: Int.max) ?? 0) + 1
    var writer = BinaryPropertyListStreamWriter(maximumObjectCount: bound)
    do {
      try value.report(to: &writer)
      let bytes = try writer.finish()
      let read = Self.read(bytes, as: .binary)
      if read != .value(value) { fail("binary stream writer", "read back as \(read)") }
    } catch {
      fail("binary stream writer", "failed: \(error)")
    }
  }

  // MARK: - 3. Conversions

  mutating func convert() {
    let targets = writers.filter { $0.name != RouteWriter.xmlShortest.name }
    for sourceWriter in RouteWriter.sources {
      guard let source = writers.first(where: { $0.name == sourceWriter.name }),
        case .success(let input)? = outputs[source.name]
      else { continue }
      guard case .value(let sourceValue) = Self.read(input, as: source) else { continue }
      for target in targets {
        convert(input, from: source, value: sourceValue, to: target)
      }
      var binary = PropertyListConverter(to: .binary, from: source.format, readingOptions: source.readingOptions)
      binary.streamsBinaryOutput = false
      let route = "\(source.name) → binary (value layout)"
      let converted = Result { () throws(PropertyListError) in try binary.convert(input) }
      let direct = Result { () throws(PropertyListError) in try sourceValue.serialized(as: .binary) }
      if !Self.same(converted, direct) {
        fail(route, "gave \(Self.show(converted)) where the value writer gives \(Self.show(direct))")
      }
    }
  }

  /// Converts `input`, `source`'s output whose value is `sourceValue`, to `target`.
  mutating func convert(
    _ input: [UInt8], from source: RouteWriter, value sourceValue: PropertyList, to target: RouteWriter
  ) {
    let route = "\(source.name) → \(target.name)"
    let converter = PropertyListConverter(
      to: target.format, from: source.format, readingOptions: source.readingOptions, writingOptions: target.options)
    var output: [UInt8] = []
    let report = input.withUnsafeBytes { bytes in
      Result { () throws(PropertyListConverter.Failure) in try converter.convert(bytes, into: &output) }
    }
    let converted = report.map { _ in output }.mapError(\.error)
    if case .success(let report) = report {
      if report.fallback == nil { tally.streamedConversions += 1 } else { tally.valueConversions += 1 }
    }
    // The value path: the input's value, written by the target's writer.
    let valuePath = Result { () throws(PropertyListError) in
      try PropertyList(bytes: input, format: source.format, options: source.readingOptions).serialized(
        as: target.format, options: target.options)
    }
    switch (converted, valuePath) {
    case (.success(let bytes), .success(let expected)):
      if target.format == .binary {
        let read = Self.read(bytes, as: target)
        let readExpected = Self.read(expected, as: target)
        if read != readExpected {
          fail(route, "reads back as \(read) where the value path's output reads \(readExpected)")
        }
      } else if bytes != expected {
        fail(route, "wrote \(RouteText.excerpt(bytes)) where the value path writes \(RouteText.excerpt(expected))")
      }
      checkReadBack(bytes, of: sourceValue, by: target, route: route)
    case (.failure(let error), .failure(let expected)):
      if error != expected { fail(route, "failed with \(error) where the value path fails with \(expected)") }
      if case .value = target.expectedReadBack(of: sourceValue) {
        fail(route, "refused (\(error)) a value the target holds")
      }
    default:
      fail(route, "gave \(Self.show(converted)) where the value path gives \(Self.show(valuePath))")
    }
  }

  static func same(_ a: Result<[UInt8], PropertyListError>, _ b: Result<[UInt8], PropertyListError>) -> Bool {
    switch (a, b) {
    case (.success(let x), .success(let y)): x == y
    case (.failure(let x), .failure(let y)): x == y
    default: false
    }
  }

  static func show(_ result: Result<[UInt8], PropertyListError>) -> String {
    switch result {
    case .success(let bytes): RouteText.excerpt(bytes)
    case .failure(let error): "error \(error)"
    }
  }

  // MARK: - 4. Codable

  mutating func codable() {
    for writer in RouteWriter.sources {
      guard case .success(let bytes)? = outputs[writer.name], case .value(let read) = Self.read(bytes, as: writer),
        !CodablePropertyList.holdsUID(read)
      else { continue }
      decode(
        bytes, format: writer.format, options: writer.readingOptions, guide: read,
        route: "PlistDecoder from \(writer.name)")
    }
    guard !CodablePropertyList.holdsUID(value) else { return }
    let mirror = CodablePropertyList(value)
    do {
      let encoded = try PlistEncoder().encodeValue(mirror)
      if !encoded.isIdentical(to: value) { fail("PlistEncoder.encodeValue", "gave \(RouteText.describe(encoded))") }
    } catch {
      fail("PlistEncoder.encodeValue", "failed: \(error)")
    }
    encodeXML(mirror)
    encodeBinary(mirror)
    for style in [JSONStyle.plain, .typed] { encodeText(mirror, format: .json, style: style) }
    encodeText(mirror, format: .openStep, style: .plain)
  }

  /// Decodes `bytes` guided by `guide`: the result must be `guide` itself.
  mutating func decode(
    _ bytes: [UInt8], format: PropertyListFormat, options: PropertyListReadingOptions, guide: PropertyList,
    expected: PropertyList? = nil, route: String
  ) {
    let decoder = PlistDecoder(options: options, userInfo: [CodablePropertyList.guideKey: guide])
    do {
      let decoded = try decoder.decode(CodablePropertyList.self, from: bytes, format: format).value
      let expected = expected ?? guide
      if !decoded.isIdentical(to: expected) {
        fail(route, "decoded \(RouteText.describe(decoded)), expected \(RouteText.describe(expected))")
      }
      tally.decodings += 1
    } catch {
      fail(route, "failed: \(error)")
    }
  }

  /// The encoder's XML: the XML writer's bytes (reals in the shortest form) for the value with
  /// its keys in Swift's string order, or the writer's refusal.
  mutating func encodeXML(_ mirror: CodablePropertyList) {
    let route = "PlistEncoder XML"
    let expected = Result { () throws(PropertyListError) in
      try XMLPropertyListWriter(options: PlistEncoder.defaultWritingOptions).write(RouteOrder.swiftSorted(value))
    }
    let encoded = Result { try PlistEncoder(outputFormat: .xml).encode(mirror) }
    compare(encoded, expected, route: route)
  }

  /// The encoder's binary reads back as the value, its keys in the order they were encoded.
  mutating func encodeBinary(_ mirror: CodablePropertyList) {
    do {
      let bytes = try PlistEncoder(outputFormat: .binary).encode(mirror)
      let read = Self.read(bytes, as: .binary)
      if read != .value(value) { fail("PlistEncoder binary", "read back as \(read)") }
      tally.encodings += 1
      decode(bytes, format: .binary, options: .default, guide: value, route: "PlistDecoder from PlistEncoder binary")
    } catch {
      fail("PlistEncoder binary", "failed: \(error)")
    }
  }

  /// The encoder's JSON and OpenStep: the writer's bytes with the encoder's options; what its
  /// OpenStep and plain JSON write of scalars as strings decodes back as the value they stand for.
  mutating func encodeText(_ mirror: CodablePropertyList, format: PropertyListFormat, style: JSONStyle) {
    var options = PlistEncoder.defaultWritingOptions
    options.jsonStyle = style
    let route = "PlistEncoder \(format)\(format == .json ? " \(style)" : "")"
    let expected = Result { () throws(PropertyListError) in try value.serialized(as: format, options: options) }
    let encoded = Result { try PlistEncoder(outputFormat: format, writingOptions: options).encode(mirror) }
    compare(encoded, expected, route: route)
    guard case .success(let bytes) = encoded, style == .plain, !RouteOrder.holdsLookalike(value) else { return }
    decode(
      bytes, format: format, options: .default, guide: value, expected: RouteOrder.decodedFromText(value),
      route: "PlistDecoder from \(route)")
  }

  /// Compares an encoder's output with the writer's: the same bytes, or a refusal of the
  /// encoder whose underlying error has the writer's kind.
  mutating func compare(
    _ encoded: Result<[UInt8], any Error>, _ expected: Result<[UInt8], PropertyListError>, route: String
  ) {
    switch (encoded, expected) {
    case (.success(let bytes), .success(let written)):
      if bytes != written {
        fail(route, "wrote \(RouteText.excerpt(bytes)) where the writer writes \(RouteText.excerpt(written))")
      }
      tally.encodings += 1
    case (.failure(let error), .failure(let refusal)):
      guard case EncodingError.invalidValue(_, let context) = error,
        let underlying = context.underlyingError as? PropertyListError, underlying.kind == refusal.kind
      else { return fail(route, "failed with \(error) where the writer refuses the value with \(refusal)") }
    case (.success(let bytes), .failure(let refusal)):
      fail(route, "wrote \(RouteText.excerpt(bytes)) where the writer refuses the value (\(refusal))")
    case (.failure(let error), .success):
      fail(route, "failed (\(error)) where the writer writes the value")
    }
  }

  // MARK: - 5. Documents

  mutating func edit() {
    let base: PropertyList = ["k": "v"]
    for writer in writers where writer.format != .binary && writer.name != RouteWriter.xmlShortest.name {
      let options = PropertyListDocument.Options(reading: writer.readingOptions, writing: writer.options)
      if case .success(let bytes)? = outputs[writer.name] {
        readDocument(bytes, writer: writer, options: options)
      }
      guard let start = try? base.serialized(as: writer.format, options: writer.options) else { continue }
      for path in [PropertyListKeyPath(components: []), PropertyListKeyPath(components: ["k"])] {
        edit(start, writer: writer, options: options, at: path)
      }
    }
  }

  /// A document of `bytes` keeps them, and gives the reader's value; where the reader refuses
  /// them (plain JSON that holds a typed JSON tag and an object that only looks like one is
  /// read as typed JSON, and refused), the document refuses them with the reader's error.
  mutating func readDocument(_ bytes: [UInt8], writer: RouteWriter, options: PropertyListDocument.Options) {
    let route = "document of \(writer.name)"
    let read = Result { () throws(PropertyListError) in
      try PropertyList(bytes: bytes, format: writer.format, options: writer.readingOptions)
    }
    do {
      let document = try PropertyListDocument(bytes: bytes, format: writer.format, options: options)
      if document.bytes != bytes { fail(route, "changed the bytes to \(RouteText.excerpt(document.bytes))") }
      let value = try document.value
      guard case .success(let expected) = read, value.isIdentical(to: expected) else {
        return fail(route, "gave \(RouteText.describe(value)) where the reader gives \(read)")
      }
      tally.documents += 1
    } catch {
      guard case .failure(let expected) = read, error == expected else {
        return fail(route, "failed (\(error)) where the reader gives \(read)")
      }
    }
  }

  /// Sets the value at `path` of a document of `start`: it reads back as the writer's output of
  /// the edited value does, or is refused with the writer's kind and leaves the text as it was.
  mutating func edit(
    _ start: [UInt8], writer: RouteWriter, options: PropertyListDocument.Options, at path: PropertyListKeyPath
  ) {
    let route = "document of \(writer.name), value set at \(path.components.isEmpty ? "the root" : "k")"
    let edited: PropertyList = path.components.isEmpty ? value : ["k": value]
    guard var document = try? PropertyListDocument(bytes: start, format: writer.format, options: options) else {
      return fail(route, "cannot read its own start")
    }
    do {
      try document.setValue(value, at: path)
      let bytes = document.bytes
      let expected = Self.expected(writer, of: edited, bytes: bytes)
      let read = Self.read(bytes, as: writer)
      if read != expected {
        fail(route, "reads back as \(read), expected \(expected), from \(RouteText.excerpt(bytes))")
      }
      tally.documents += 1
    } catch {
      if case .value = writer.expectedReadBack(of: edited) {
        return fail(route, "refused the value (\(error)) where the writer holds it")
      }
      if case .refused(let kind) = writer.expectedReadBack(of: edited), error.kind != kind {
        fail(route, "failed with \(error) where the writer refuses it as \(kind)")
      }
      if document.bytes != start { fail(route, "changed the text when the edit failed") }
    }
  }
}

/// The events of a value, for a stream writer.
struct ValueEvents: PropertyListEventProducer {
  let value: PropertyList

  mutating func produce<Sink: PropertyListEventSink>(into sink: inout Sink) throws(PropertyListError) {
    try value.report(to: &sink)
  }
}
