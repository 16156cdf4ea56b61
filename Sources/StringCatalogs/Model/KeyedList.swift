/// Members of a JSON object in their order, each named by a string key: a catalog's strings,
/// an entry's languages, a variation's cases, a localization's substitutions.
///
/// Keys compare by their exact UTF-8 bytes, never by Swift's canonical equivalence: a catalog
/// may hold both `"é"` and `"e\u{301}"` as keys, and they stay two members. Order is the order
/// the members were read or added in; ``StringCatalogWriter`` writes them in Xcode's order
/// whatever it is.
public struct KeyedList<Value: Sendable & Equatable>: Sendable, Equatable, RandomAccessCollection {
  /// One member: its key and its value.
  public struct Element: Sendable, Equatable {
    /// The member's name.
    public var key: String
    /// The member's value.
    public var value: Value

    /// Makes a member.
    public init(key: String, value: Value) {
      self.key = key
      self.value = value
    }

    /// Equal when the keys have the same bytes and the values are equal.
    public static func == (lhs: Element, rhs: Element) -> Bool {
      lhs.key.utf8.elementsEqual(rhs.key.utf8) && lhs.value == rhs.value
    }
  }

  /// The members, in order.
  public var elements: [Element]

  /// Makes a list of members, in the order given.
  public init(_ elements: [Element] = []) {
    self.elements = elements
  }

  /// Makes a list from key–value pairs, in the order given.
  public init(_ pairs: KeyValuePairs<String, Value>) {
    elements = pairs.map { Element(key: $0.key, value: $0.value) }
  }

  /// The position of the first member.
  public var startIndex: Int { elements.startIndex }
  /// The position after the last member.
  public var endIndex: Int { elements.endIndex }
  /// The member at `position`.
  public subscript(position: Int) -> Element { elements[position] }

  /// The keys, in order.
  public var keys: [String] { elements.map(\.key) }

  /// The position of the member whose key has exactly the bytes of `key`.
  public func index(forKey key: String) -> Int? {
    elements.firstIndex { $0.key.utf8.elementsEqual(key.utf8) }
  }

  /// The value of the member named `key` (by exact bytes); setting nil removes the member, and
  /// setting a new key appends it.
  public subscript(key: String) -> Value? {
    get { index(forKey: key).map { elements[$0].value } }
    set {
      if let index = index(forKey: key) {
        if let newValue { elements[index].value = newValue } else { elements.remove(at: index) }
      } else if let newValue {
        elements.append(Element(key: key, value: newValue))
      }
    }
  }
}
