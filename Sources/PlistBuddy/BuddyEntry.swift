/// A PlistBuddy entry such as `:CFBundleDocumentTypes:0:CFBundleTypeExtensions`: key names
/// and zero-based array indices separated by colons, the leading colon optional.
///
/// Which a component is depends on the container it meets: a dictionary reads it as a key, an
/// array as an index. Empty components are skipped when an entry is looked up (`:A::B:` is
/// `:A:B`), but the last one still counts when something is added: `Add :List: string x`
/// appends to the array `List`.
public struct BuddyEntry: Sendable, Equatable {
  /// The entry as it was written (quotes taken out), for messages.
  public var text: String
  /// The components between the colons, empty ones included.
  public var components: [String]

  /// Reads an entry from a command-line word; escaped colons belong to the key.
  public init(_ word: BuddyWord) {
    text = word.text
    var components: [String] = []
    var current = String.UnicodeScalarView()
    var start = 0
    if let first = word.scalars.first, first == ":", !word.isLiteral[0] { start = 1 }
    for index in start..<word.scalars.count {
      let scalar = word.scalars[index]
      if scalar == ":", !word.isLiteral[index] {
        components.append(String(current))
        current = String.UnicodeScalarView()
      } else {
        current.append(scalar)
      }
    }
    components.append(String(current))
    self.components = components
  }

  /// Reads an entry from plain text (no quotes or escapes).
  public init(_ text: String) {
    var line = BuddyCommandLine(text)
    self.init(line.rest())
    self.text = text
  }

  /// The path to look the entry up by: every non-empty component (none for the root).
  public var path: [String] { components.filter { !$0.isEmpty } }

  /// The path of the container a new entry goes into: the non-empty components before the last.
  public var parentPath: [String] { components.dropLast().filter { !$0.isEmpty } }

  /// The last component: the key or index of a new entry (empty appends to an array).
  public var name: String { components.last ?? "" }
}
