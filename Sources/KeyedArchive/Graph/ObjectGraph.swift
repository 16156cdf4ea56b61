import PlistKit

/// The object graph of a keyed archive: every object once, references between them by id.
///
/// The graph is an arena: ``objects`` is an array of nodes and a reference is the id (index)
/// of a node, written as `PropertyList.uid(id)` inside fields, as in an archive. This makes the
/// graph a value: copying it copies the whole graph, sharing and cycles included, and nothing
/// in the copy aliases the original; two graphs compare with `==`; and every walk over it is a
/// loop over integers, linear in the size of the archive however much sharing there is (an
/// archive that would expand exponentially as a tree stays as small as its `$objects`).
/// A graph of class instances would need identity tables for all of that.
///
/// Node 0 is always ``ArchivedObject/null`` (`$null`): a reference to it is a nil object.
public struct ObjectGraph: Sendable, Hashable {
  /// The id of the null object; a reference to it is nil.
  public static let nullID = 0

  /// The `$archiver` name, `NSKeyedArchiver` for archives written by Foundation.
  public var archiver: String
  /// The `$version`, 100000 for archives written by Foundation.
  public var version: PropertyListInteger
  /// The `$top` entries in order; values are references (`.uid(id)`) or inline values.
  public var top: PropertyListDictionary
  /// The nodes; `objects[0]` is ``ArchivedObject/null``.
  public private(set) var objects: [ArchivedObject]

  /// Makes an empty graph: only the null object and no top-level entries.
  public init(archiver: String = "NSKeyedArchiver", version: PropertyListInteger = 100_000) {
    self.archiver = archiver
    self.version = version
    self.top = PropertyListDictionary()
    self.objects = [.null]
  }

  /// The number of nodes, the null object included.
  public var count: Int { objects.count }

  /// The node with id `id`. Setting node 0 to anything but null is a programming error.
  public subscript(id: Int) -> ArchivedObject {
    get { objects[id] }
    set {
      precondition(id != Self.nullID || newValue == .null, "node 0 is the null object")
      objects[id] = newValue
    }
  }

  /// Adds a node and returns its id.
  @discardableResult
  public mutating func add(_ object: ArchivedObject) -> Int {
    objects.append(object)
    return objects.count - 1
  }

  /// The node a top-level key refers to, or nil when the key is absent or holds an inline value.
  public func topObject(forKey key: String) -> Int? {
    top[key]?.uidValue.map { Int($0) }
  }

  /// Makes a graph from nodes that were already checked (ids in range, node 0 null).
  init(archiver: String, version: PropertyListInteger, top: PropertyListDictionary, checkedObjects: [ArchivedObject]) {
    self.archiver = archiver
    self.version = version
    self.top = top
    self.objects = checkedObjects
  }
}

/// One node of an ``ObjectGraph``.
public enum ArchivedObject: Sendable, Hashable {
  /// `$null`, the nil object (node 0 only).
  case null
  /// A value stored directly in `$objects`: a string (NSString), a number (NSNumber), data
  /// (NSData). Never an array, a dictionary or a UID.
  case value(PropertyList)
  /// An object with a class and fields.
  case instance(ArchivedInstance)

  /// The instance, if this is one.
  public var instance: ArchivedInstance? {
    if case .instance(let instance) = self { return instance }
    return nil
  }

  /// The inline value, if this is one.
  public var value: PropertyList? {
    if case .value(let value) = self { return value }
    return nil
  }
}

/// An archived object: its class and its encoded fields.
public struct ArchivedInstance: Sendable, Hashable {
  /// The class, as the archive names it.
  public var classChain: ClassChain
  /// The encoded fields in order (`$class` excluded). A `.uid(id)` anywhere inside a field
  /// (directly, or inside an array such as `NS.objects`) is a reference to node `id`.
  public var fields: PropertyListDictionary

  /// Makes an instance.
  public init(classChain: ClassChain, fields: PropertyListDictionary = PropertyListDictionary()) {
    self.classChain = classChain
    self.fields = fields
  }

  /// The class name (`$classname`).
  public var className: String { classChain.className }

  /// The node a field refers to directly, if the field is a reference.
  public func reference(forKey key: String) -> Int? {
    fields[key]?.uidValue.map { Int($0) }
  }
}

/// A class as an archive describes it: `$classname` and the `$classes` chain (the class and
/// its superclasses, most specific first), which lets a reader fall back to a superclass it
/// knows.
public struct ClassChain: Sendable, Hashable, CustomStringConvertible {
  /// `$classname`.
  public var className: String
  /// `$classes`, normally starting with ``className`` and ending with `NSObject`; empty when the
  /// class dictionary has none (some of Apple's frameworks write only `$classname`).
  public var classes: [String]

  /// Makes a class description from its name and the full `$classes` chain.
  public init(className: String, classes: [String]) {
    self.className = className
    self.classes = classes
  }

  /// Makes a class description from a chain, most specific first; `$classname` is the first.
  public init(_ classes: [String]) {
    precondition(!classes.isEmpty, "a class chain names at least one class")
    self.init(className: classes[0], classes: classes)
  }

  /// The names to try, in order, when looking for a known class: `$classname`, then each of
  /// `$classes` not already tried.
  public var lookupOrder: [String] {
    var names = [className]
    for name in classes where !names.contains(where: { $0.exactlyEquals(name) }) { names.append(name) }
    return names
  }

  /// `President (President, NSObject)`.
  public var description: String {
    "\(className) (\(classes.joined(separator: ", ")))"
  }
}
