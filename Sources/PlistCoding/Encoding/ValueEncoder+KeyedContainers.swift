import PlistKit

/// Where a keyed container writes: the dictionary node and its coding path. A class, so that a
/// container handed out again (see ``ValueEncoder/keyedContainer(_:node:path:)``) can be
/// pointed at another dictionary.
final class KeyedContainerFrame {
  let encoder: ValueEncoder
  @exclusivity(unchecked) var node: Int32
  @exclusivity(unchecked) var path: EncodingPath

  init(encoder: ValueEncoder, node: Int32, path: EncodingPath) {
    self.encoder = encoder
    self.node = node
    self.path = path
  }
}

/// The keyed containers made before, one per key type, kept to be handed out again.
///
/// A container's box is an instance of a class private to the standard library; it is kept
/// here under the stand-in class ``ContainerBox`` so that `isKnownUniquelyReferenced` reads its
/// reference count in place (through `AnyObject` the check works on a retained copy, and
/// always fails). Retain, release and the uniqueness check go by the object's own header,
/// whatever its static type, so the stand-in only names the reference.
struct ReusableKeyedContainers {
  /// Stands for the standard library's box class; never instantiated.
  final class ContainerBox {
    private init() {}
  }

  var keyTypes: [ObjectIdentifier] = []
  var boxes: [ContainerBox] = []
  var frames: [KeyedContainerFrame] = []

  mutating func removeAll() {
    keyTypes.removeAll()
    boxes.removeAll()
    frames.removeAll()
  }
}

extension ValueEncoder {
  /// The most key types whose containers are kept for reuse.
  private static let reusableKeyTypes = 16

  /// A keyed container writing into the dictionary `node` at `path`.
  ///
  /// Making a `KeyedEncodingContainer` looks up the type metadata of its box and allocates
  /// the box, which for a record of a few fields costs as much as encoding them. So the last
  /// container made for each key type is kept and handed out again once nothing else holds
  /// it (the keeper's reference is the only one: whoever had it is done with it), pointed at
  /// the new dictionary. A container still held anywhere is never reused.
  func keyedContainer<Key: CodingKey>(_: Key.Type, node: Int32, path: EncodingPath) -> KeyedEncodingContainer<Key> {
    let keyType = ObjectIdentifier(Key.self)
    var place = -1
    if reusesContainers, let index = reusableKeyedContainers.keyTypes.firstIndex(of: keyType) {
      if isKnownUniquelyReferenced(&reusableKeyedContainers.boxes[index]) {
        let frame = reusableKeyedContainers.frames[index]
        frame.node = node
        frame.path = path
        // A `KeyedEncodingContainer` is one reference to its box (`unsafeBitCast` checks the size).
        return unsafeBitCast(reusableKeyedContainers.boxes[index], to: KeyedEncodingContainer<Key>.self)
      }
      place = index
    }
    let frame = KeyedContainerFrame(encoder: self, node: node, path: path)
    let container = KeyedEncodingContainer(ValueKeyedContainer<Key>(frame: frame))
    if reusesContainers {
      let box = unsafeBitCast(container, to: ReusableKeyedContainers.ContainerBox.self)
      if place >= 0 {
        reusableKeyedContainers.boxes[place] = box
        reusableKeyedContainers.frames[place] = frame
      } else if reusableKeyedContainers.keyTypes.count < Self.reusableKeyTypes {
        reusableKeyedContainers.keyTypes.append(keyType)
        reusableKeyedContainers.boxes.append(box)
        reusableKeyedContainers.frames.append(frame)
      }
    }
    return container
  }
}
