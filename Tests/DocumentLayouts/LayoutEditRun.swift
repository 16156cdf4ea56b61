import PlistDocument
import PlistKit

/// One case of the property "document edits are value edits": a random value written in a
/// random layout, then random edits made on the document and on the value alike. Each edit
/// must give the same result (the same value, or the same error with the text unchanged), and
/// change no byte outside the lines it may change (``EditLocality``).
public enum LayoutEditRun {
  /// What went wrong in a case, with the document's text before the edit that failed.
  public struct Failure: Error, CustomStringConvertible {
    public let kind: DocumentLayoutKind
    public let step: Int
    public let edit: String
    public let message: String
    public let text: [UInt8]

    public var description: String {
      "\(kind) step \(step) (\(edit)): \(message)\ntext before the edit:\n\(String(decoding: text, as: UTF8.self))"
    }
  }

  /// Runs one case from `source` for a document of `kind` with `edits` edits; nil when every
  /// edit agreed, or the first failure.
  public static func run<Source: RandomNumberGenerator>(
    _ kind: DocumentLayoutKind, edits: Int, source: inout Source
  ) -> Failure? {
    var layout = RandomLayout(source: source)
    defer { source = layout.source }
    var value = layout.rootValue(for: kind)
    let bytes = layout.document(value, as: kind)
    func failure(_ step: Int, _ edit: String, _ message: String, _ text: [UInt8]) -> Failure {
      Failure(kind: kind, step: step, edit: edit, message: message, text: text)
    }
    let read: PropertyList
    do {
      read = try PropertyList(bytes: bytes, format: kind.format)
    } catch {
      return failure(-1, "read", "the generated text does not read: \(error)", bytes)
    }
    guard read == value else {
      return failure(-1, "read", "the generated text reads as \(read), not \(value)", bytes)
    }
    var document: PropertyListDocument
    do {
      document = try PropertyListDocument(bytes: bytes, format: kind.format)
    } catch {
      return failure(-1, "open", "the document refuses what the reader reads: \(error)", bytes)
    }
    guard document.bytes == bytes else { return failure(-1, "open", "an unedited document changed its bytes", bytes) }
    let scalars = kind == .xml || kind == .json
    for step in 0..<edits {
      let edit = randomEdit(for: value, kind: kind, scalars: scalars, layout: &layout)
      let before = document
      var editedValue = value
      let valueResult = Result { () throws(PropertyListError) in try edit.apply(to: &editedValue) }
      let documentResult = Result { () throws(PropertyListError) in try edit.apply(to: &document) }
      switch (valueResult, documentResult) {
      case (.failure(let expected), .failure(let actual)):
        guard actual == expected else {
          return failure(step, "\(edit)", "the errors differ: value \(expected), document \(actual)", before.utf8Text)
        }
        guard document.utf8Text == before.utf8Text else {
          return failure(step, "\(edit)", "a failed edit changed the text", before.utf8Text)
        }
        continue
      case (.success, .success):
        break
      case (.failure(let expected), .success):
        return failure(
          step, "\(edit)", "the value edit fails (\(expected)), the document edit does not", before.utf8Text)
      case (.success, .failure(let actual)):
        return failure(step, "\(edit)", "the document edit fails (\(actual)), the value edit does not", before.utf8Text)
      }
      let valueBefore = value
      value = editedValue
      let reread: PropertyList
      do {
        reread = try PropertyList(bytes: document.bytes, format: document.format)
      } catch {
        return failure(step, "\(edit)", "the edited text does not read: \(error)", before.utf8Text)
      }
      guard reread == value else {
        return failure(step, "\(edit)", "the edited text reads as \(reread), the value is \(value)", before.utf8Text)
      }
      if let violation = EditLocality.violation(of: edit, from: before, valueBefore, to: document) {
        return failure(step, "\(edit)", "only the edit's lines may change\(violation)", before.utf8Text)
      }
    }
    return nil
  }

  /// An edit of `value`: ``RandomEdit/random(for:scalars:data:using:)`` with renames in place
  /// and negative indices besides.
  static func randomEdit<Source>(
    for value: PropertyList, kind: DocumentLayoutKind, scalars: Bool,
    layout: inout RandomLayout<Source>
  ) -> RandomEdit {
    if layout.chance(12) {
      let entries = RandomEdit.paths(in: value).filter { !$0.path.components.isEmpty }
      if let entry = entries.isEmpty ? nil : layout.pick(entries),
        case .dictionary = try? value.value(at: PropertyListKeyPath(components: entry.path.components.dropLast()))
      {
        let renamed = PropertyListKeyPath(
          components: entry.path.components.dropLast() + [RandomEdit.randomKey(using: &layout.source)])
        return .rename(entry.path, renamed)
      }
    }
    let edit = RandomEdit.random(for: value, scalars: scalars, data: kind != .json, using: &layout.source)
    guard layout.chance(25) else { return edit }
    switch edit {
    case .set(let path, let new): return .set(counting(path, in: value), new)
    case .insert(let path, let new, let append): return .insert(counting(path, in: value), new, append: append)
    case .remove(let path): return .remove(counting(path, in: value))
    case .move(let source, let destination): return .move(counting(source, in: value), destination)
    default: return edit
    }
  }

  /// `path` with its array indices counted from the end (`-1` for the last element), where they
  /// name an element: the same place, the other way to name it.
  static func counting(_ path: PropertyListKeyPath, in value: PropertyList) -> PropertyListKeyPath {
    var components: [String] = []
    var current: PropertyList? = value
    for component in path.components {
      if case .array(let elements)? = current, let index = Int(component), index >= 0, index < elements.count {
        components.append(String(index - elements.count))
        current = elements[index]
      } else {
        components.append(component)
        current = current?.dictionaryValue?[component]
      }
    }
    return PropertyListKeyPath(components: components)
  }
}
