import PlistDocument
import PlistKit

/// The expansion of build-setting references in a property list, as Xcode expands an
/// Info.plist or an entitlements file: in every string value, and in every dictionary key.
///
/// The same changes are made to a value (`expand(_:)` of a value) or to a text
/// document (`expand(_:)` of a document), which then changes only the bytes of the
/// strings and keys that expand to something else.
public struct BuildSettingsExpansion: Sendable {
  /// The settings references are looked up in.
  public var settings: BuildSettings
  /// Report an undefined name (`CFBundleIdentifier: $(UNDEFINED) is not defined`), a `$(`
  /// never closed and an unknown operator, instead of expanding them to nothing or passing them.
  public var strict: Bool
  /// Expand dictionary keys as well as string values.
  public var expandsKeys: Bool

  /// Makes an expansion.
  public init(settings: BuildSettings, strict: Bool = false, expandsKeys: Bool = true) {
    self.settings = settings
    self.strict = strict
    self.expandsKeys = expandsKeys
  }

  /// One change an expansion makes.
  public enum Change: Sendable, Equatable {
    /// The string at the key path becomes the new string.
    case string(PropertyListKeyPath, String)
    /// The dictionary key that ends the key path becomes the new key.
    case key(PropertyListKeyPath, String)
  }

  /// The changes that expanding `value` makes: strings in the order they come, then keys from
  /// the deepest to the shallowest, so that each key path still leads where it led when the
  /// changes are made in this order.
  ///
  /// - Throws: ``BuildSettingsError`` with the key path of the string or key that failed.
  public func changes(in value: PropertyList) throws(BuildSettingsError) -> [Change] {
    var expander = BuildSettingExpander(settings: settings, strict: strict)
    var strings: [Change] = []
    var keys: [(depth: Int, change: Change)] = []
    // A stack, not recursion: as deep as the reader allowed, never deeper than the value.
    var pending: [(PropertyList, PropertyListKeyPath)] = [(value, PropertyListKeyPath(components: []))]
    func expanded(_ text: String, at path: PropertyListKeyPath) throws(BuildSettingsError) -> String? {
      guard text.utf8.contains(UInt8(ascii: "$")) else { return nil }
      do {
        let result = try expander.expand(text)
        return result == text ? nil : result
      } catch {
        var located = error
        located.keyPath = path
        throw located
      }
    }
    while let (next, path) = pending.popLast() {
      switch next {
      case .string(let text):
        if let result = try expanded(text, at: path) { strings.append(.string(path, result)) }
      case .array(let elements):
        for (index, element) in elements.enumerated().reversed() {
          pending.append((element, path.appending(index: index)))
        }
      case .dictionary(let dictionary):
        for (key, element) in dictionary.reversed() {
          let keyPath = path.appending(key)
          if expandsKeys, let result = try expanded(key, at: keyPath) {
            keys.append((keyPath.components.count, .key(keyPath, result)))
          }
          pending.append((element, keyPath))
        }
      default: continue
      }
    }
    let deepestFirst = keys.enumerated().sorted { ($0.element.depth, -$0.offset) > ($1.element.depth, -$1.offset) }
    return strings + deepestFirst.map(\.element.change)
  }

  /// `value` with its references expanded.
  ///
  /// - Throws: ``BuildSettingsError`` with the key path of the string or key that failed; of
  ///   kind `keyConflict` when an expanded key is already a key of its dictionary.
  public func expand(_ value: PropertyList) throws(BuildSettingsError) -> PropertyList {
    var result = value
    for change in try changes(in: value) {
      do {
        switch change {
        case .string(let path, let text): try result.setValue(.string(text), at: path)
        case .key(let path, let key):
          try result.moveValue(from: path, to: Self.renamed(path, to: key), keepingPosition: true)
        }
      } catch {
        throw Self.conflict(change, error)
      }
    }
    return result
  }

  /// Expands the references of `document` in place: only the strings and keys that change are
  /// written again, every other byte stays.
  ///
  /// - Throws: as `expand(_:)` of a value; the document is then unchanged.
  public func expand(_ document: inout PropertyListDocument) throws(BuildSettingsError) {
    let changes = try changes(in: try Self.value(of: document))
    var edited = document
    let strings: [PropertyListDocument.BatchEdit] = changes.compactMap {
      guard case .string(let path, let text) = $0 else { return nil }
      return .replace(path, with: .string(text))
    }
    do {
      try edited.apply(strings)
    } catch {
      throw BuildSettingsError(.keyConflict, error.message, keyPath: PropertyListKeyPath(components: []))
    }
    for change in changes {
      guard case .key(let path, let key) = change else { continue }
      do {
        try edited.moveValue(from: path, to: Self.renamed(path, to: key), keepingPosition: true)
      } catch {
        throw Self.conflict(change, error)
      }
    }
    document = edited
  }

  private static func value(of document: PropertyListDocument) throws(BuildSettingsError) -> PropertyList {
    do {
      return try document.value
    } catch {
      throw BuildSettingsError(.syntax, error.message)
    }
  }

  /// `path` with its last key replaced by `key`.
  private static func renamed(_ path: PropertyListKeyPath, to key: String) -> PropertyListKeyPath {
    PropertyListKeyPath(components: path.components.dropLast() + [key])
  }

  /// The error of a change that could not be made (a key that is there already).
  private static func conflict(_ change: Change, _ error: PropertyListError) -> BuildSettingsError {
    switch change {
    case .string(let path, _):
      return BuildSettingsError(.keyConflict, error.message, keyPath: path)
    case .key(let path, let key):
      return BuildSettingsError(
        .keyConflict, "the key expands to '\(key)', which the dictionary has already", keyPath: path)
    }
  }
}
