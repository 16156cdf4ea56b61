import PlistKit
import Sectioning

/// A computer of the book's lists: `computers.plist` names them as strings; earlier chapters
/// use dictionaries with a `Name` and a `Color`.
public struct Computer: Sendable, Hashable {
  /// The model name.
  public var name: String
  /// The colour, when the list gives one.
  public var color: String?

  /// Makes a computer.
  public init(name: String, color: String? = nil) {
    self.name = name
    self.color = color
  }
}

/// The book's list of computers, shown unsectioned in file order.
public struct Computers: Sendable {
  /// The computers, in file order.
  public let computers: [Computer]

  /// Makes the list.
  public init(_ computers: [Computer]) { self.computers = computers }

  /// Reads an array of strings or of `Name`/`Color` dictionaries (the colour is optional).
  ///
  /// - Throws: `PropertyListError` of kind `keyPath` naming the element at fault.
  public init(propertyList: PropertyList) throws(PropertyListError) {
    guard case .array(let elements) = propertyList else {
      throw BookValues.mismatch(PropertyListKeyPath(components: []), "an array of computers", propertyList)
    }
    var computers: [Computer] = []
    computers.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      let path = PropertyListKeyPath(components: [String(index)])
      switch element {
      case .string(let name):
        computers.append(Computer(name: name))
      case .dictionary(let dictionary):
        let name = try BookValues.string("Name", in: dictionary, at: path)
        let color = try dictionary["Color"].map { (value) throws(PropertyListError) in
          try BookValues.string("Color", in: dictionary, at: path)
        }
        computers.append(Computer(name: name, color: color))
      default:
        throw BookValues.mismatch(path, "a string or a dictionary with a Name", element)
      }
    }
    self.init(computers)
  }

  /// The list as the book shows it: one untitled section in file order; or sectioned by a
  /// collation, for an index.
  public func sectioned(by collation: Collation? = nil) -> SectionedList<Computer> {
    SectionedList(items: computers, collation: collation) { $0.name }
  }

  /// The computers whose name matches `term`.
  public func filtered(by term: String, options: SearchOptions = .default) -> [Computer] {
    sectioned().filtered(by: term, options: options).items
  }
}
