/// The text of a typedstream that holds a string or an attributed string (an iMessage
/// `attributedBody`, a Notes or Contacts note), read without building the archive.
///
/// The usual layout (the root object's classes named in full, the string object first inside
/// an attributed string) is read straight from the bytes, keeping only the few shared strings
/// it meets; anything else is read as a whole ``TypedstreamArchive`` and its
/// ``TypedstreamArchive/rootText`` taken from there. For every stream the archive reads, both
/// give the same text; past the text, the short route reads nothing, so a stream broken after
/// it still gives its text.
public enum TypedstreamText {
  /// The text of the root string or attributed string of `bytes`; nil when the root is
  /// another kind of object.
  ///
  /// - Throws: ``TypedstreamError`` when `bytes` are not a typedstream or are broken.
  public static func string(
    in bytes: [UInt8], limits: TypedstreamLimits = .default
  ) throws(TypedstreamError)
    -> String?
  {
    let result = bytes.withUnsafeBytes { (buffer) -> Result<String?, TypedstreamError> in
      do throws(TypedstreamError) {
        return .success(try string(in: buffer, limits: limits))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// The text of the root string or attributed string in a buffer; see
  /// the other `string(in:limits:)`.
  public static func string(
    in buffer: UnsafeRawBufferPointer, limits: TypedstreamLimits = .default
  )
    throws(TypedstreamError) -> String?
  {
    let header = try TypedstreamHeader.read(buffer)
    var scanner = TextScanner(
      cursor: TypedstreamCursor(bytes: buffer, offset: header.length, bigEndian: header.byteOrder == .bigEndian))
    if let span = scanner.scan() {
      return String(decoding: UnsafeRawBufferPointer(rebasing: buffer[span]), as: UTF8.self)
    }
    return try TypedstreamArchive(buffer: buffer, limits: limits).rootText
  }
}

extension TypedstreamArchive {
  /// The text of the first root object when it is a string or an attributed string: a
  /// string's `+` value, or the `+` value of the first object an attributed string holds.
  public var rootText: String? {
    guard case .object(let index)? = roots.first?.values.first else { return nil }
    for name in classChain(of: objects[index].classIndex) {
      switch name {
      case "NSString", "NSMutableString":
        return firstText(of: index)
      case "NSAttributedString", "NSMutableAttributedString":
        guard case .object(let string)? = objects[index].groups.first?.values.first else { return nil }
        return firstText(of: string)
      default: continue
      }
    }
    return nil
  }

  private func firstText(of index: Int) -> String? {
    guard case .bytes(let text)? = objects[index].groups.first?.values.first else { return nil }
    return String(decoding: text, as: UTF8.self)
  }
}

/// Walks the usual layout of a string or attributed string; nil at the first byte that is not
/// that layout, for the caller to read the whole stream instead.
private struct TextScanner: ~Copyable {
  var cursor: TypedstreamCursor
  var sharedStrings: [Range<Int>] = []

  init(cursor: consuming TypedstreamCursor) {
    self.cursor = cursor
    sharedStrings.reserveCapacity(8)
  }

  enum Kind { case string, attributedString }

  mutating func scan() -> Range<Int>? {
    guard encoding(is: "@"), next() == TypedstreamTag.new, let root = classChain(), let kind = root else { return nil }
    if kind == .attributedString {
      // The string object's classes may be named before (a reference): its first group
      // being a `+` string is what matters.
      guard encoding(is: "@"), next() == TypedstreamTag.new, classChain() != nil else { return nil }
    }
    guard encoding(is: "+"), let head = next() else { return nil }
    return try? cursor.unsharedString(head: head, "a string")
  }

  private mutating func next() -> Int8? { try? cursor.head("") }

  /// A group's encoding, new or shared, that is exactly `text`.
  private mutating func encoding(is text: StaticString) -> Bool {
    guard let span = sharedString() else { return false }
    let bytes = cursor.bytes[span]
    return bytes.elementsEqual(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  private mutating func sharedString() -> Range<Int>? {
    guard let head = next() else { return nil }
    if head == TypedstreamTag.new {
      guard let lengthHead = next(), let span = try? cursor.unsharedString(head: lengthHead, "") else {
        return nil
      }
      sharedStrings.append(span)
      return span
    }
    guard let number = try? cursor.signedInteger(head: head, "") else { return nil }
    let index = number - TypedstreamTag.firstReference
    return index >= 0 && index < sharedStrings.count ? sharedStrings[Int(index)] : nil
  }

  /// A chain of new classes ending in nil or a reference: nil when the bytes are not one,
  /// else the kind the first string class in it names, if any.
  private mutating func classChain() -> Kind?? {
    var kind: Kind?
    var head = next()
    while head == TypedstreamTag.new {
      guard let name = sharedString(), let versionHead = next(),
        (try? cursor.signedInteger(head: versionHead, "")) != nil
      else { return nil }
      if kind == nil { kind = Self.kind(of: cursor.bytes[name]) }
      head = next()
    }
    guard let head, head == TypedstreamTag.nil || (try? cursor.signedInteger(head: head, "")) != nil else {
      return nil
    }
    return .some(kind)
  }

  private static func kind(of name: Slice<UnsafeRawBufferPointer>) -> Kind? {
    switch name.count {
    case 8 where name.elementsEqual("NSString".utf8), 15 where name.elementsEqual("NSMutableString".utf8):
      .string
    case 18 where name.elementsEqual("NSAttributedString".utf8),
      25 where name.elementsEqual("NSMutableAttributedString".utf8):
      .attributedString
    default: nil
    }
  }
}
