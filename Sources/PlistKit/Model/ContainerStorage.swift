/// Where a container's contents are stored: the addresses of its element buffers.
///
/// Two containers with the same storage are the same value (copies share storage until one
/// changes). The addresses are only compared while the root value is alive, which keeps
/// every buffer of the tree alive, so an address cannot be reused by another container.
/// Empty containers have no storage of their own and are never shared.
package struct ContainerStorage: Hashable, Sendable {
  package let elements: UInt
  package let keys: UInt

  package init?(_ elements: [PropertyList]) {
    guard let address = elements.withUnsafeBufferPointer({ $0.baseAddress }), !elements.isEmpty else {
      return nil
    }
    self.elements = UInt(bitPattern: address)
    keys = 0
  }

  package init?(_ dictionary: PropertyListDictionary) {
    guard !dictionary.isEmpty,
      let values = dictionary.values.withUnsafeBufferPointer({ $0.baseAddress }),
      let keys = dictionary.keys.withUnsafeBufferPointer({ $0.baseAddress })
    else { return nil }
    elements = UInt(bitPattern: values)
    self.keys = UInt(bitPattern: keys)
  }
}
