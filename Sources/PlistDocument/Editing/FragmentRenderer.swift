import PlistKit
import XcodeProject

/// Writes the new pieces of an edited document as the format's writer would write them at
/// that place, indented, quoted and punctuated like the document around them.
///
/// A rendered value's first line is not indented (it goes where the old value was, or after
/// its key); each later line starts with the indentation of the line it belongs to. Errors
/// carry the key path of the value in the document.
struct FragmentRenderer {
  let format: PropertyListFormat
  let style: DocumentStyle
  let lineEnding: [UInt8]
  let options: PropertyListWritingOptions
  /// For an Xcode project, its `objectVersion`, which decides which objects go on one line;
  /// nil for any other document.
  let xcode: XcodeObjectVersion?

  /// `value` at `path`, for a line indented with `indentation`; `flat` on one line.
  func value(
    _ value: PropertyList, path: PropertyListKeyPath, indentation: [UInt8], flat: Bool
  ) throws(PropertyListError) -> [UInt8] {
    do {
      switch format {
      case .xml:
        let depth = path.components.count
        var lines = try PropertyListFragments.xmlValue(value, depth: depth, options: options)
        if lines.last == 0x0A { lines.removeLast() }
        return placeXML(lines, depth: depth, indentation: indentation)
      case .json:
        var writing = options
        writing.prettyPrinted = style.multiline && !flat
        writing.sortedKeys = false
        var bytes = try JSONPropertyListWriter(options: writing).write(value)
        if bytes.last == 0x0A { bytes.removeLast() }
        return reindent(bytes, unitWidth: 2, indentation: indentation)
      default:
        if let xcode {
          let level = indentation.filter { $0 == 0x09 }.count
          let bytes = try XcodeProjectFragments.value(
            value, indent: level, flat: flat, version: xcode, options: options)
          return TextLines.placed(bytes, indentation: [], ending: lineEnding)
        }
        if path.components.isEmpty, case .string(let string) = value {
          // Alone in a file, a bare `123` would be taken for JSON.
          return PropertyListFragments.openStepString(string, quoted: true)
        }
        var output: [UInt8] = []
        try openStep(value, level: 0, flat: flat || !style.multiline, into: &output)
        return TextLines.placed(output, indentation: indentation, ending: lineEnding)
      }
    } catch {
      throw located(error, under: path)
    }
  }

  /// A key as the format writes it.
  func key(_ key: String, path: PropertyListKeyPath) throws(PropertyListError) -> [UInt8] {
    switch format {
    case .xml:
      do { return try PropertyListFragments.xmlKey(key) } catch { throw located(error, under: path) }
    case .json:
      var bytes = (try? JSONPropertyListWriter(options: .init(prettyPrinted: false)).write(.string(key))) ?? []
      if bytes.last == 0x0A { bytes.removeLast() }
      return bytes
    default:
      return xcode != nil
        ? XcodeProjectFragments.string(key) : PropertyListFragments.openStepString(key, quoted: style.quotesKeys)
    }
  }

  /// A dictionary entry: `key = value;`, `"key": value`, or `<key>…</key>` and the value on
  /// the next line (right after the key, `flat`, in a container written on one line).
  func entry(
    key: String, value: [UInt8], path: PropertyListKeyPath, indentation: [UInt8], flat: Bool = false
  ) throws(PropertyListError) -> [UInt8] {
    let keyBytes = try self.key(key, path: path)
    switch format {
    case .xml: return flat ? keyBytes + value : keyBytes + lineEnding + indentation + value
    case .json: return keyBytes + style.assignment + value
    default: return keyBytes + (xcode != nil ? Array(" = ".utf8) : style.assignment) + value + [UInt8(ascii: ";")]
    }
  }

  /// The empty form of a container.
  func empty(_ kind: SyntaxTree.Kind) -> [UInt8] {
    switch (format, kind) {
    case (.xml, .dictionary): Array("<dict/>".utf8)
    case (.xml, _): Array("<array/>".utf8)
    case (.json, .dictionary): Array("{}".utf8)
    case (.json, _): Array("[]".utf8)
    case (_, .dictionary): Array("{}".utf8)
    default: Array("()".utf8)
    }
  }

  /// The opening and closing marks of a non-empty container.
  func brackets(_ kind: SyntaxTree.Kind) -> (open: [UInt8], close: [UInt8]) {
    switch (format, kind) {
    case (.xml, .dictionary): (Array("<dict>".utf8), Array("</dict>".utf8))
    case (.xml, _): (Array("<array>".utf8), Array("</array>".utf8))
    case (.json, .dictionary), (.openStep, .dictionary): (Array("{".utf8), Array("}".utf8))
    case (.json, _): (Array("[".utf8), Array("]".utf8))
    default: (Array("(".utf8), Array(")".utf8))
    }
  }

  // MARK: - OpenStep

  /// OpenStep in the writer's layout, with this document's quoting, assignment and
  /// indentation step; nested lines are indented from the value's own line.
  private func openStep(
    _ value: PropertyList, level: Int, flat: Bool, into output: inout [UInt8]
  ) throws(PropertyListError) {
    func newline(_ depth: Int) {
      output.append(0x0A)
      for _ in 0..<depth { output.append(contentsOf: style.indentUnit) }
    }
    switch value {
    case .string(let string):
      output.append(contentsOf: PropertyListFragments.openStepString(string, quoted: style.quotesStrings))
    case .data(let data):
      output.append(contentsOf: PropertyListFragments.openStepData(data))
    case .array(let elements):
      guard !elements.isEmpty else { return output.append(contentsOf: Array("()".utf8)) }
      output.append(UInt8(ascii: "("))
      for (position, element) in elements.enumerated() {
        if flat {
          if position > 0 { output.append(contentsOf: style.elementSeparator) }
        } else {
          newline(level + 1)
        }
        do { try openStep(element, level: level + 1, flat: flat, into: &output) } catch {
          throw located(error, under: PropertyListKeyPath(components: [String(position)]))
        }
        if !flat { output.append(UInt8(ascii: ",")) }
      }
      if !flat { newline(level) }
      output.append(UInt8(ascii: ")"))
    case .dictionary(let dictionary):
      guard !dictionary.isEmpty else { return output.append(contentsOf: Array("{}".utf8)) }
      output.append(UInt8(ascii: "{"))
      for (position, (key, element)) in dictionary.enumerated() {
        if flat {
          if position > 0 { output.append(contentsOf: style.entryGap) }
        } else {
          newline(level + 1)
        }
        output.append(contentsOf: PropertyListFragments.openStepString(key, quoted: style.quotesKeys))
        output.append(contentsOf: style.assignment)
        do { try openStep(element, level: level + 1, flat: flat, into: &output) } catch {
          throw located(error, under: PropertyListKeyPath(components: [key]))
        }
        output.append(UInt8(ascii: ";"))
      }
      if !flat { newline(level) }
      output.append(UInt8(ascii: "}"))
    default:
      output.append(contentsOf: try PropertyListFragments.openStepScalar(value, options: options))
    }
  }

  // MARK: - Placing lines

  /// Lines written with `unitWidth` spaces per level, re-indented from `indentation` with
  /// the document's step.
  private func reindent(_ bytes: [UInt8], unitWidth: Int, indentation: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + 16)
    var atLineStart = false
    var spaces = 0
    for byte in bytes {
      if atLineStart {
        if byte == 0x20 {
          spaces += 1
          continue
        }
        output.append(contentsOf: indentation)
        for _ in 0..<(spaces / unitWidth) { output.append(contentsOf: style.indentUnit) }
        atLineStart = false
      }
      if byte == 0x0A {
        output.append(contentsOf: lineEnding)
        atLineStart = true
        spaces = 0
      } else {
        output.append(byte)
      }
    }
    return output
  }

  /// The XML writer's lines at `depth` tabs, placed under `indentation` with the document's
  /// step; the lines inside a multi-line string are left exactly as written.
  private func placeXML(_ lines: [UInt8], depth: Int, indentation: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(lines.count + 16)
    var inText = false
    var lineStart = 0
    var first = true
    while lineStart <= lines.count {
      var lineEnd = lineStart
      while lineEnd < lines.count, lines[lineEnd] != 0x0A { lineEnd += 1 }
      let line = lines[lineStart..<lineEnd]
      if !first { output.append(contentsOf: lineEnding) }
      if inText {
        output.append(contentsOf: line)
      } else {
        let tabs = line.prefix { $0 == 0x09 }.count
        if !first {
          output.append(contentsOf: indentation)
          for _ in 0..<max(0, tabs - depth) { output.append(contentsOf: style.indentUnit) }
        }
        output.append(contentsOf: line.dropFirst(tabs))
      }
      inText = Self.opensText(line, alreadyOpen: inText)
      first = false
      lineStart = lineEnd + 1
    }
    return output
  }

  /// True when a `<string>` or `<key>` is still open at the end of `line`.
  private static func opensText(_ line: ArraySlice<UInt8>, alreadyOpen: Bool) -> Bool {
    var open = alreadyOpen
    var index = line.startIndex
    while index < line.endIndex {
      if line[index] == UInt8(ascii: "<") {
        let rest = line[index...]
        if rest.starts(with: "<string>".utf8) || rest.starts(with: "<key>".utf8) { open = true }
        if rest.starts(with: "</string>".utf8) || rest.starts(with: "</key>".utf8) { open = false }
      }
      index += 1
    }
    return open
  }

  /// `error` with its key path put under `path`.
  func located(_ error: PropertyListError, under path: PropertyListKeyPath) -> PropertyListError {
    var located = error
    switch error.location {
    case .keyPath(let inner):
      located.location = .keyPath(
        PropertyListKeyPath(components: path.components + PropertyListKeyPath(inner).components).description)
    case .none:
      located.location = .keyPath(path.description)
    default:
      break
    }
    return located
  }
}
