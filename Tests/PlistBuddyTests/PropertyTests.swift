import PlistBuddy
import PlistKit
import Testing

/// Invariants of the commands on random values: what `Print` shows is the value at the entry,
/// `Copy` then `Delete` of the copy gives the value back, `Add` then `Delete` too, and `Set` on
/// a scalar changes that scalar only.
@Suite("Session properties on random values")
struct PropertyTests {
  struct Generator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
  }

  static let keyCharacters = Array("abcXYZ _-.é0123")

  func key(_ random: inout Generator) -> String {
    // Keys a command line can name as they are: no colon, no quote, no backslash, not empty,
    // no leading or trailing space, not all digits.
    var text = String(
      (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.keyCharacters.randomElement(using: &random)! })
    text = text.trimmingSpaces()
    return text.isEmpty || text.allSatisfy(\.isNumber) ? "k" + text : text
  }

  func value(_ random: inout Generator, depth: Int) -> PropertyList {
    switch Int.random(in: 0..<(depth > 2 ? 5 : 7), using: &random) {
    case 0: return .string(key(&random))
    case 1: return .integer(Int64.random(in: -1000...1000, using: &random))
    case 2: return .real(Double(Int.random(in: -100...100, using: &random)) / 4)
    case 3: return .boolean(Bool.random(using: &random))
    case 4:
      return .data(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in UInt8.random(in: 0x61...0x7A, using: &random) })
    case 5: return .array((0..<Int.random(in: 0...3, using: &random)).map { _ in value(&random, depth: depth + 1) })
    default:
      var dictionary = PropertyListDictionary()
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        _ = dictionary.updateValue(value(&random, depth: depth + 1), forKey: key(&random))
      }
      return .dictionary(dictionary)
    }
  }

  /// Every entry of `value` with the components leading to it.
  func entries(of value: PropertyList, at path: [String] = []) -> [[String]] {
    var result = [path]
    switch value {
    case .dictionary(let dictionary):
      for (key, child) in dictionary { result += entries(of: child, at: path + [key]) }
    case .array(let elements):
      for (index, child) in elements.enumerated() { result += entries(of: child, at: path + [String(index)]) }
    default: break
    }
    return result
  }

  func entry(_ path: [String]) -> String {
    ":" + path.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: ":")
  }

  @Test("Print, Copy, Add, Delete and Set on random values keep their invariants")
  func invariants() throws {
    var random = Generator(state: 0x5EED_B0DD)
    for _ in 0..<300 {
      let root = PropertyList.dictionary(PropertyListDictionary([("root", value(&random, depth: 0))]))
      let path = try #require(entries(of: root).filter { !$0.isEmpty }.randomElement(using: &random))
      let target = try root.value(at: PropertyListKeyPath(components: path))

      let printed = Run(["Print \(entry(path))"], on: root)
      #expect(printed.transcript.standardOutput == BuddyPrinter.render(target), "\(path)")
      #expect(!printed.session.hasFailed)

      let copied = Run(["Copy \(entry(path)) :Copied", "Print :Copied", "Delete :Copied"], on: root)
      #expect(copied.transcript.standardOutput == BuddyPrinter.render(target))
      #expect(copied.root == root, "\(path)")

      let added = Run(["Add :root:Fresh integer 5", "Delete :root:Fresh"], on: root)
      #expect(added.root == root, "added then deleted, or refused under a scalar or an array")

      let deleted = Run(["Delete \(entry(path))", "Print \(entry(path))"], on: root)
      if case .array = try root.value(at: PropertyListKeyPath(components: Array(path.dropLast()))) {
        // An element's index may now name the next one.
      } else {
        // The message quotes the entry as it reads once its quotes are taken out.
        let unquoted = ":" + path.joined(separator: ":")
        #expect(deleted.transcript.standardError == "Print: Entry, \"\(unquoted)\", Does Not Exist\n", "\(path)")
      }

      if case .string = target {
        let set = Run(["Set \(entry(path)) changed"], on: root)
        var expected = root
        try expected.setValue("changed", at: PropertyListKeyPath(components: path))
        #expect(set.root == expected)
        #expect(set.root.dictionaryValue?.keys == root.dictionaryValue?.keys)
      }
    }
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
