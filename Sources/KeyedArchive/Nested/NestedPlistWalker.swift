import PlistKit
import Typedstream

/// The walk behind ``PropertyList/decodingNestedPlists(options:)``: every function returns
/// nil for a value that does not change, so that untouched subtrees keep their storage.
struct NestedPlistWalker {
  let options: NestedPlistOptions
  private(set) var notes: [NestedPlistNote] = []
  private(set) var decodedCount = 0
  private var decodedBytes = 0
  private var expandedValues = 0
  private var budgetNoted = false
  /// What each shared container became (nil: unchanged), so that a container referenced from
  /// many places, as binary plists allow, is walked once.
  private var containers: [ContainerStorage: PropertyList?] = [:]
  /// What each distinct blob became (nil: left as data).
  private var blobs: [[UInt8]: PropertyList?] = [:]
  /// The key path of the value being walked.
  private var trail: [String] = []
  /// Every decoded value, kept alive until the walk ends: ``containers`` is keyed by storage
  /// addresses, which must not be freed and reused by a later blob's containers.
  private var decodedValues: [PropertyList] = []

  init(options: NestedPlistOptions) { self.options = options }

  /// Walks `value`, which sits `level` blobs deep and `depth` containers below the top.
  mutating func walk(_ value: PropertyList, level: Int, depth: Int) -> PropertyList? {
    switch value {
    case .data(let bytes):
      return open(bytes, level: level, depth: depth)
    case .array(let elements):
      guard let identity = ContainerStorage(elements) else { return nil }
      if let known = containers[identity] { return known }
      var result: [PropertyList]? = nil
      for (position, element) in elements.enumerated() {
        trail.append(String(position))
        let changed = walk(element, level: level, depth: depth + 1)
        trail.removeLast()
        guard let changed else { continue }
        if result == nil { result = elements }
        result![position] = changed
      }
      let replacement = result.map(PropertyList.array)
      containers[identity] = replacement
      return replacement
    case .dictionary(let dictionary):
      guard let identity = ContainerStorage(dictionary) else { return nil }
      if let known = containers[identity] { return known }
      var result: PropertyListDictionary? = nil
      for (position, (key, element)) in dictionary.enumerated() {
        trail.append(key)
        let changed = walk(element, level: level, depth: depth + 1)
        trail.removeLast()
        guard let changed else { continue }
        if result == nil { result = dictionary }
        result!.setValue(changed, atPosition: position)
      }
      let replacement = result.map(PropertyList.dictionary)
      containers[identity] = replacement
      return replacement
    default:
      return nil
    }
  }

  /// The marker dictionary for a blob that holds a plist, or nil to leave it as data.
  private mutating func open(_ bytes: [UInt8], level: Int, depth: Int) -> PropertyList? {
    let isTypedstream = TypedstreamHeader.matches(bytes)
    let format = isTypedstream ? nil : NestedPlistSniffer.format(of: bytes)
    guard isTypedstream || format != nil else { return nil }
    if let known = blobs[bytes] { return known }
    let replacement =
      if let format { decode(bytes, format: format, level: level, depth: depth) } else {
        decodeTypedstream(bytes, level: level, depth: depth)
      }
    blobs[bytes] = replacement
    return replacement
  }

  /// Whether one more blob of `bytes` is within the nesting depth and the budgets; counts it
  /// when it is, and notes why when it is not.
  private mutating func admit(_ bytes: [UInt8], level: Int) -> Bool {
    guard level < options.maximumNestingDepth else {
      note(.tooDeep, "data nested more than \(options.maximumNestingDepth) levels deep; left as data")
      return false
    }
    guard decodedCount < options.maximumCount, decodedBytes + bytes.count <= options.maximumTotalBytes else {
      noteBudget(
        "decoding stopped after \(decodedCount) nested plists of \(decodedBytes) bytes in all (the limits are "
          + "\(options.maximumCount) plists and \(options.maximumTotalBytes) bytes); the rest is left as data")
      return false
    }
    decodedCount += 1
    decodedBytes += bytes.count
    return true
  }

  /// A typedstream (an iMessage `attributedBody`, an NSArchiver blob) as its plain view.
  private mutating func decodeTypedstream(_ bytes: [UInt8], level: Int, depth: Int) -> PropertyList? {
    guard admit(bytes, level: level) else { return nil }
    let valuesLeft = options.maximumExpandedValues - expandedValues
    var limits = TypedstreamLimits()
    limits.maximumDepth = max(options.readingLimits.maximumDepth - depth - 2, 0)
    limits.maximumExpandedNodes = max(valuesLeft, 0)
    let shown: PropertyList
    do throws(TypedstreamError) {
      shown = try TypedstreamArchive(bytes: bytes, limits: limits).plainView(options: options.plainView, limits: limits)
    } catch {
      note(
        .unreadable,
        "\(bytes.count) bytes of data that start like a typedstream but do not decode (\(error)); left as data")
      return nil
    }
    return marked(shown, kind: .typedstream, level: level, depth: depth, valuesLeft: valuesLeft)
  }

  private mutating func decode(
    _ bytes: [UInt8], format: PropertyListFormat, level: Int, depth: Int
  ) -> PropertyList? {
    guard admit(bytes, level: level) else { return nil }
    // The marker and its value key take one level each.
    let depthLeft = options.readingLimits.maximumDepth - depth - 2
    var limits = options.readingLimits
    limits.maximumDepth = max(depthLeft, 0)
    let decoded: PropertyList
    do {
      decoded = try PropertyList(bytes: bytes, format: format, options: PropertyListReadingOptions(limits: limits))
    } catch {
      note(
        .unreadable,
        "\(bytes.count) bytes of data that start like \(Self.name(of: format)) but do not decode "
          + "(\(error.description)); left as data")
      return nil
    }
    let valuesLeft = options.maximumExpandedValues - expandedValues
    guard decoded.expandedValueCount(upTo: valuesLeft) != nil else {
      noteBudget(
        "\(bytes.count) bytes of \(Self.name(of: format)) that expand to more than \(valuesLeft) values "
          + "once shared containers are written out (the nested values limit is \(options.maximumExpandedValues)); "
          + "left as data")
      return nil
    }
    var kind: NestedPlistKind = format == .binary ? .binaryPlist : .xmlPlist
    var shown = decoded
    if ArchiveValidator.isKeyedArchive(decoded) {
      var archiveLimits = options.archiveLimits
      archiveLimits.maximumDepth = min(archiveLimits.maximumDepth, max(depthLeft, 0))
      archiveLimits.maximumExpandedNodes = min(archiveLimits.maximumExpandedNodes, valuesLeft)
      do throws(KeyedArchiveError) {
        let graph = try ObjectGraph(archive: decoded, limits: archiveLimits)
        shown = try graph.plainView(options: options.plainView, limits: archiveLimits)
        kind = .keyedArchive
      } catch {
        note(.brokenArchive, "not opened as a keyed archive (\(error.description)); shown as the plain plist")
      }
    }
    return marked(shown, kind: kind, level: level, depth: depth, valuesLeft: valuesLeft)
  }

  /// The marker for a decoded blob, with the blobs inside it opened in turn.
  private mutating func marked(
    _ shown: PropertyList, kind: NestedPlistKind, level: Int, depth: Int, valuesLeft: Int
  ) -> PropertyList {
    decodedValues.append(shown)
    expandedValues += shown.expandedValueCount(upTo: valuesLeft) ?? valuesLeft
    trail.append(options.valueKey)
    let opened = walk(shown, level: level + 1, depth: depth + 1) ?? shown
    trail.removeLast()
    return .dictionary(
      PropertyListDictionary([(options.markerKey, .string(kind.rawValue)), (options.valueKey, opened)]))
  }

  private mutating func note(_ reason: NestedPlistNote.Reason, _ message: String) {
    notes.append(NestedPlistNote(at: PropertyListKeyPath(components: trail), reason, message))
  }

  /// Notes the first blob a budget stops; the blobs after it would only repeat the note.
  private mutating func noteBudget(_ message: String) {
    guard !budgetNoted else { return }
    budgetNoted = true
    note(.overBudget, message)
  }

  private static func name(of format: PropertyListFormat) -> String {
    format == .binary ? "a binary plist" : "an XML plist"
  }
}

/// Which data values are worth decoding: the ones that start like a binary or XML plist.
/// Package API: the extraction of blobs from databases sniffs them the same way.
package enum NestedPlistSniffer {
  private static let xmlStarts = ["<?xml", "<!DOCTYPE plist", "<plist"].map { Array($0.utf8) }

  /// The format `bytes` starts like, or nil when it is neither form (most data is not).
  package static func format(of bytes: [UInt8]) -> PropertyListFormat? {
    bytes.withUnsafeBytes { format(of: $0) }
  }

  /// The format `bytes` starts like, or nil when it is neither form (most data is not).
  package static func format(of bytes: UnsafeRawBufferPointer) -> PropertyListFormat? {
    if BinaryPropertyListObjects.startsWithHeader(bytes) { return .binary }
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[start]) { start += 1 }
    let rest = bytes[start...]
    return xmlStarts.contains { rest.starts(with: $0) } ? .xml : nil
  }
}
