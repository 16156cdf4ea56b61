/// Element handling: what may appear where, and reporting closed elements to the sink.
extension XMLPropertyListParser {
  /// A start tag. `name` is the element's local name, `prefix` its namespace prefix.
  mutating func startElement(name: UnsafePointer<UInt8>, prefix: UnsafePointer<UInt8>?) {
    if let openScalar {
      fail(
        .syntax, at: tagStartPosition,
        "expected text inside <\(openScalar.element.name)>, found <\(Self.qualifiedName(name, prefix))>")
      return
    }
    guard prefix == nil, let element = XMLElementName(cString: name) else {
      fail(.syntax, at: tagStartPosition, "unknown element <\(Self.qualifiedName(name, prefix))>\(whereText)")
      return
    }
    guard checkPlacement(of: element) else { return }
    if element == .plist {
      insidePlist = true
      return
    }
    if element != .key {
      objectCount += 1
      guard objectCount <= limits.maximumObjectCount else {
        fail(
          .limitExceeded, at: tagStartPosition,
          "more than \(limits.maximumObjectCount) values (the object count limit)")
        return
      }
    }
    if element.isContainer {
      guard containers.count < limits.maximumDepth else {
        fail(
          .limitExceeded, at: tagStartPosition,
          "arrays and dictionaries nested deeper than \(limits.maximumDepth) (the depth limit)")
        return
      }
      containers.append(Container(isDictionary: element == .dict))
      reportBegin(dictionary: element == .dict)
    } else {
      let start = Self.scalarTagStartPosition(element, in: context) ?? XMLPosition(line: 0, column: 0)
      openScalar = OpenScalar(element: element, line: start.line, column: start.column)
      // Keep the buffer between values, unless one huge value left it huge.
      text.removeAll(keepingCapacity: text.capacity <= 1 << 20)
    }
  }

  /// Checks that `element` may start here, and fails with what was expected if not.
  private mutating func checkPlacement(of element: XMLElementName) -> Bool {
    let expected: String
    if let container = containers.last {
      if container.isDictionary {
        if container.awaitsValue {
          guard element != .key, element != .plist else {
            expected = "expected a value for key '\(pendingKeyText)' inside <dict>"
            return misplaced(element, expected)
          }
        } else {
          guard element == .key else { return misplaced(element, "expected <key> inside <dict>") }
        }
        return true
      }
      guard element != .key, element != .plist else {
        return misplaced(element, "expected a value element inside <array>")
      }
      return true
    }
    if insidePlist {
      guard !hasRoot else {
        return misplaced(element, "expected '</plist>' after the value (a plist holds one value)")
      }
      guard element != .key, element != .plist else {
        return misplaced(element, "expected a value element inside <plist>")
      }
      return true
    }
    guard element != .key else { return misplaced(element, "expected <plist> or a value element") }
    return true
  }

  private mutating func misplaced(_ element: XMLElementName, _ expected: String) -> Bool {
    fail(.syntax, at: tagStartPosition, "\(expected), found <\(element.name)>")
    return false
  }

  /// An end tag. libxml2 has checked that it matches its start tag.
  mutating func endElement() {
    if let scalar = openScalar {
      openScalar = nil
      switch scalar.element {
      case .key:
        guard countDecoded(text.count, at: scalar) else { return }
        containers[containers.count - 1].awaitsValue = true
        reportKey(at: XMLPosition(line: scalar.line, column: scalar.column))
        // Keep the key for messages; the next scalar empties the other buffer before use.
        swap(&text, &pendingKey)
      case .string:
        guard countDecoded(text.count, at: scalar) else { return }
        reportString(at: XMLPosition(line: scalar.line, column: scalar.column))
        valueClosed()
      default:
        guard let value = scalarValue(scalar) else { return }
        reportScalar(value, at: XMLPosition(line: scalar.line, column: scalar.column))
        valueClosed()
      }
      return
    }
    if let container = containers.last {
      if container.awaitsValue {
        fail(
          .syntax, at: tagStartPosition, "expected a value for key '\(pendingKeyText)' inside <dict>, found '</dict>'")
        return
      }
      containers.removeLast()
      reportEnd(dictionary: container.isDictionary)
      valueClosed()
      return
    }
    // Only </plist> is left: every other element is a container or a scalar.
    if !hasRoot {
      fail(.syntax, at: tagStartPosition, "expected a value element inside <plist>, found '</plist>'")
    }
    insidePlist = false
  }

  /// A value has closed: its dictionary awaits the next key, or it was the top-level value.
  private mutating func valueClosed() {
    if containers.isEmpty {
      hasRoot = true
    } else {
      containers[containers.count - 1].awaitsValue = false
    }
  }

  /// The key read last, for messages.
  private var pendingKeyText: String { String(decoding: pendingKey, as: UTF8.self) }

  /// Text between tags: the content of a scalar, or white space between elements.
  mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let scalar = openScalar {
      guard text.count + bytes.count <= limits.maximumDecodedSize - decodedSize else {
        countDecoded(text.count + bytes.count, at: scalar)
        return
      }
      text.append(contentsOf: bytes)
      return
    }
    guard let first = bytes.firstIndex(where: { !Self.isSpace($0) }) else { return }
    let start = bytes.baseAddress! + first
    let shown = String(decoding: UnsafeBufferPointer(rebasing: bytes[first...].prefix(24)), as: UTF8.self)
    fail(.syntax, at: textPosition(of: start, in: bytes), "unexpected text '\(shown)'\(whereText)")
  }

  /// Adds to the decoded size and checks the limit.
  @discardableResult
  mutating func countDecoded(_ count: Int, at scalar: OpenScalar) -> Bool {
    decodedSize += count
    guard decodedSize <= limits.maximumDecodedSize else {
      fail(
        .limitExceeded, at: XMLPosition(line: scalar.line, column: scalar.column),
        "strings and data decode to more than \(limits.maximumDecodedSize) bytes (the decoded size limit)")
      return false
    }
    return true
  }

  /// ` inside <array>` and the like, for messages about the current place.
  var whereText: String {
    if let openScalar { return " inside <\(openScalar.element.name)>" }
    if let container = containers.last { return container.isDictionary ? " inside <dict>" : " inside <array>" }
    return insidePlist ? " inside <plist>" : " as the root element"
  }

  static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  static func qualifiedName(_ name: UnsafePointer<UInt8>, _ prefix: UnsafePointer<UInt8>?) -> String {
    let local = String(cString: name)
    guard let prefix else { return local }
    return String(cString: prefix) + ":" + local
  }
}
