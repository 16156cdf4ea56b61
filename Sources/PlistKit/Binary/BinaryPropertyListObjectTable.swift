/// A value flattened into the numbered objects of a binary plist.
///
/// Objects are numbered in the order CoreFoundation and Python's `plistlib` use: a container
/// first, then its contents depth-first; for a dictionary all its keys, then its values. The
/// root is object 0. Strings, numbers, dates and data are shared through a hash table (see
/// ``BinaryPropertyListUniqueTable``). Arrays and dictionaries are shared only when they are the
/// same storage (one value copied into several places, as a binary plist's shared references
/// read back): equal but separately built containers are written once per occurrence, as
/// CoreFoundation and `plistlib` write them. Sharing storage keeps writing linear for a value
/// read from a file that references one container from many places.
///
/// Flattening keeps its own stack instead of recursing, so a value nested arbitrarily deep
/// cannot overflow the thread's stack.
struct BinaryPropertyListObjectTable {
  /// One object of the table.
  enum Object {
    /// A string, number, date, data, boolean or UID.
    case scalar(PropertyList)
    /// An array: where its element references are in ``references``.
    case array(Range<Int>)
    /// A dictionary: where its key references and its value references (as many, in the
    /// same order) are in ``references``.
    case dictionary(keys: Range<Int>, values: Range<Int>)
  }

  /// The objects; `objects[0]` is the root.
  private(set) var objects: [Object] = []
  /// The object references of every container, one container after another (one buffer
  /// rather than an array per container: a document has as many containers as records).
  private(set) var references: [Int] = []
  /// The object index of each scalar written so far.
  private var uniqued = BinaryPropertyListUniqueTable()
  /// The object index of each non-empty container, by its storage.
  private var containers: [ContainerStorage: Int] = [:]

  /// A container whose children are being numbered.
  private struct OpenContainer {
    let index: Int
    let elements: [PropertyList]
    let dictionary: PropertyListDictionary?
    /// The dictionary's positions in writing order (sorted keys or as they are).
    let order: [Int]?
    var next = 0

    var childCount: Int { dictionary.map { 2 * $0.count } ?? elements.count }

    func child(_ position: Int) -> PropertyList {
      guard let dictionary else { return elements[position] }
      let count = dictionary.count
      if position < count { return .string(dictionary.keys[order?[position] ?? position]) }
      return dictionary.values[order?[position - count] ?? position - count]
    }
  }

  /// Flattens `root`; `sortedKeys` writes each dictionary's entries in code-point order of
  /// their keys.
  init(_ root: PropertyList, sortedKeys: Bool) {
    var stack: [OpenContainer] = []
    // The references gathered for each open container, one array per depth reused from one
    // container to the next.
    var pending: [[Int]] = []
    if add(root, to: &stack, sortedKeys: sortedKeys) == nil { pending.append([]) }
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].childCount {
        let child = stack[top].child(stack[top].next)
        stack[top].next += 1
        if let reference = add(child, to: &stack, sortedKeys: sortedKeys) {
          pending[top].append(reference)
        } else if pending.count < stack.count {
          pending.append([])
        }
        continue
      }
      let container = stack.removeLast()
      let start = references.count
      references.append(contentsOf: pending[top])
      pending[top].removeAll(keepingCapacity: true)
      if container.dictionary != nil {
        let middle = start + (references.count - start) / 2
        objects[container.index] = .dictionary(keys: start..<middle, values: middle..<references.count)
      } else {
        objects[container.index] = .array(start..<references.count)
      }
      if !stack.isEmpty { pending[top - 1].append(container.index) }
    }
  }

  /// Numbers `value`: returns the index of a scalar (new or shared), or nil after opening a
  /// container on the stack (its index reaches the parent when it closes).
  private mutating func add(_ value: PropertyList, to stack: inout [OpenContainer], sortedKeys: Bool) -> Int? {
    let index = objects.count
    switch value {
    case .array(let elements):
      if let storage = ContainerStorage(elements) {
        if let existing = containers[storage] { return existing }
        containers[storage] = index
      }
      objects.append(.array(0..<0))
      stack.append(OpenContainer(index: index, elements: elements, dictionary: nil, order: nil))
      return nil
    case .dictionary(let dictionary):
      if let storage = ContainerStorage(dictionary) {
        if let existing = containers[storage] { return existing }
        containers[storage] = index
      }
      objects.append(.dictionary(keys: 0..<0, values: 0..<0))
      var order: [Int]?
      if sortedKeys {
        let keys = dictionary.keys
        order = Array(dictionary.indices).sorted {
          keys[$0].unicodeScalars.lexicographicallyPrecedes(keys[$1].unicodeScalars)
        }
      }
      stack.append(OpenContainer(index: index, elements: [], dictionary: dictionary, order: order))
      return nil
    case .boolean, .uid:
      objects.append(.scalar(value))
      return index
    default:
      if let existing = uniqued.existingIndex(of: value, orInsertingAs: index, in: objects) { return existing }
      objects.append(.scalar(value))
      return index
    }
  }
}
