import CFuzzerDriver
import PlistKit

/// libFuzzer entry point: wildcard key patterns over values that share containers.
///
/// The input makes a key pattern from a small alphabet (`*`, keys, indices, a negative index,
/// globs) and a value: either a graph of containers built from the bytes, each holding
/// earlier ones (so one container sits at many places), written as a binary plist and read
/// back as the reader shares it, or the bytes read as a binary plist. When the value written
/// out in full is small, ``PropertyList/matches(of:limit:)`` and
/// ``PropertyList/removeValues(matching:)`` must give what a plain walk of every place gives;
/// otherwise they must stay within their limit or refuse with a `limitExceeded` error. A
/// difference stops the run, as a crash that libFuzzer saves; a walk of every place where
/// counting was due shows as a timeout.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(Array(UnsafeRawBufferPointer(start: data, count: size)))
  let readsBytes = input.next() & 1 == 1
  let pattern = input.pattern()
  let value: PropertyList
  if readsBytes {
    let rest = input.rest
    guard let read = try? rest.withUnsafeBytes({ try PropertyList.read(bytes: $0, format: .binary) }) else {
      return 0
    }
    value = read.value
  } else {
    guard let bytes = try? input.graph().serialized(as: .binary),
      let read = try? bytes.withUnsafeBytes({ try PropertyList.read(bytes: $0, format: .binary) })
    else { return 0 }
    value = read.value
  }
  check(value, pattern)
  return 0
}

/// The most values a value written out in full may hold to be compared with the plain walk.
private let smallExpansion = 4_000
/// The match limit for values too large for the plain walk.
private let matchLimit = 20_000

private func check(_ value: PropertyList, _ pattern: PropertyListKeyPattern) {
  guard value.expandedValueCount(upTo: smallExpansion) != nil else {
    // Too large to walk place by place: the limit holds, or the pattern is refused.
    do throws(PropertyListError) {
      let found = try value.matches(of: pattern, limit: matchLimit)
      guard found.count <= matchLimit / (pattern.components.count + 1) else {
        fail("\(found.count) matches passed the limit for \(pattern)")
      }
    } catch {
      guard error.kind == .limitExceeded || error.kind == .keyPath else { fail("unexpected error \(error)") }
    }
    return
  }
  var expected: [(path: PropertyListKeyPath, value: PropertyList)] = []
  walk(value, pattern.components[...], trail: [], into: &expected)
  let actual = Result { () throws(PropertyListError) in try value.matches(of: pattern) }
  switch actual {
  case .success(let found):
    guard found.map(\.path) == expected.map(\.path), found.map(\.value) == expected.map(\.value) else {
      fail("matches of \(pattern): \(found.map(\.path)) where every place gives \(expected.map(\.path))")
    }
  case .failure(let error):
    guard expected.isEmpty, error.kind == .keyPath else {
      fail("matches of \(pattern) failed (\(error)) where every place gives \(expected.map(\.path))")
    }
  }
  // Removal: the matches taken out, the last first, one by one.
  var removed = value
  let paths = Result { () throws(PropertyListError) in try removed.removeValues(matching: pattern) }
  var plain = value
  for path in expected.map(\.path).reversed() { try? plain.removeValue(at: path) }
  switch paths {
  case .success(let paths):
    guard paths == expected.map(\.path), removed == plain else { fail("removing \(pattern) differs") }
  case .failure:
    guard expected.isEmpty || expected.contains(where: { $0.path.components.isEmpty }) else {
      fail("removing \(pattern) failed where every place gives \(expected.map(\.path))")
    }
  }
}

/// Every place `pattern` names, found by visiting each place of the value written out in full.
private func walk(
  _ value: PropertyList, _ pattern: ArraySlice<PropertyListKeyPattern.Component>, trail: [String],
  into found: inout [(path: PropertyListKeyPath, value: PropertyList)]
) {
  guard let component = pattern.first else {
    found.append((PropertyListKeyPath(components: trail), value))
    return
  }
  let rest = pattern.dropFirst()
  switch (component, value) {
  case (.name(let name), .array(let elements)):
    guard let index = PropertyListKeyPath.index(name, count: elements.count), index < elements.count else { return }
    walk(elements[index], rest, trail: trail + [String(index)], into: &found)
  case (.name(let name), .dictionary(let dictionary)):
    guard let element = dictionary[name] else { return }
    walk(element, rest, trail: trail + [name], into: &found)
  case (_, .array(let elements)):
    for (index, element) in elements.enumerated() where component.matches(String(index)) {
      walk(element, rest, trail: trail + [String(index)], into: &found)
    }
  case (_, .dictionary(let dictionary)):
    for (key, element) in dictionary where component.matches(key) {
      walk(element, rest, trail: trail + [key], into: &found)
    }
  default:
    return
  }
}

/// The input's bytes, taken one at a time (zeros once they run out).
private struct FuzzInput {
  let bytes: [UInt8]
  var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  mutating func next() -> Int {
    defer { position += 1 }
    return position < bytes.count ? Int(bytes[position]) : 0
  }

  var rest: [UInt8] { position < bytes.count ? Array(bytes[position...]) : [] }

  private static let alphabet = ["*", "0", "1", "-1", "a", "b", "a*", "*b", "2"]
  private static let keys = ["a", "b", "ab", "0"]

  /// Up to 40 components from the alphabet.
  mutating func pattern() -> PropertyListKeyPattern {
    let count = next() % 41
    let text = (0..<count).map { _ in Self.alphabet[next() % Self.alphabet.count] }.joined(separator: ".")
    return PropertyListKeyPattern(globbing: text)
  }

  /// Up to 48 values, each a scalar or a container of earlier ones; the last is the root.
  mutating func graph() -> PropertyList {
    var values: [PropertyList] = []
    let count = 1 + next() % 48
    for _ in 0..<count {
      let kind = next()
      func earlier() -> PropertyList { values.isEmpty ? .integer(0) : values[values.count - 1 - next() % values.count] }
      switch kind % 4 {
      case 0: values.append(.string(Self.keys[kind / 4 % Self.keys.count]))
      case 1: values.append(.integer(Int64(kind)))
      case 2: values.append(.array((0..<(kind / 4 % 4)).map { _ in earlier() }))
      default:
        var dictionary = PropertyListDictionary()
        for _ in 0..<(kind / 4 % 4) {
          let key = Self.keys[next() % Self.keys.count]
          if dictionary[key] == nil { dictionary[key] = earlier() }
        }
        values.append(.dictionary(dictionary))
      }
    }
    return values[values.count - 1]
  }
}

private func fail(_ message: String) -> Never {
  fatalError("fuzz-wildcard: " + message)
}

/// The entry point SwiftPM links as `main`: hands the command line to libFuzzer's driver.
@_cdecl("fuzz_wildcard_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  plistkit_fuzz_main(argc, argv)
}
