import BuildSettings
import Testing

/// Random texts with references over random settings, expanded by the library and by a model
/// that knows each text's value from how it was made.
@Suite("expansion properties")
struct ExpansionPropertyTests {
  /// SplitMix64: the same sequence for a seed on every platform.
  private struct Random {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return z ^ (z >> 31)
    }
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
  }

  /// Literal text: never `$`, `(`, `)`, `{`, `}` or `:`, which the model does not interpret.
  private static let alphabet = Array("aZ9_-. /é日\\'\"")

  /// A random text and its expected expansion: literals, and references to `N0`…`N(count-1)`
  /// (whose expected values are `values`) or to names that are not defined, in each form,
  /// with operators, nested names and defaults.
  private static func text(
    _ random: inout Random, values: [String], depth: Int = 0
  ) -> (text: String, expected: String) {
    var text = ""
    var expected = ""
    for _ in 0..<random.below(5) {
      switch random.below(depth > 2 ? 2 : values.isEmpty ? 4 : 6) {
      case 0:
        let literal = String((0..<random.below(4)).map { _ in alphabet[random.below(alphabet.count)] })
        text += literal
        expected += literal
      case 1:
        text += "$$"
        expected += "$"
      case 2, 3:
        // A defined or undefined name, in one of the bracketed forms, with one operator or none.
        let index = random.below(values.count + 2)
        var name = index < values.count ? "N\(index)" : "UNDEFINED\(index)"
        var value = index < values.count ? values[index] : ""
        if random.below(3) == 0, index < values.count {
          // The name's number comes from a nested reference to a setting holding it.
          name = "N$(DIGIT_\(index))"
        }
        var operators = ""
        switch random.below(4) {
        case 0:
          operators = ":upper"
          value = value.uppercased()
        case 1:
          operators = ":lower"
          value = value.lowercased()
        case 2:
          let fallback = Self.text(&random, values: values, depth: depth + 1)
          operators = ":default=" + fallback.text
          if value.isEmpty { value = fallback.expected }
        default: break
        }
        let (open, close) = random.below(2) == 0 ? ("$(", ")") : ("${", "}")
        // A default's text may not hold the closer of its own form.
        if operators.contains(close) || operators.contains(":") && operators.dropFirst().contains(":") {
          text += "$(\(name))"
          expected += index < values.count ? values[index] : ""
        } else {
          text += open + name + operators + close
          expected += value
        }
      default:
        let index = random.below(values.count)
        // `$NAME` of a defined name, ended by a character that is not part of a name.
        text += "$N\(index)/"
        expected += values[index] + "/"
      }
    }
    return (text, expected)
  }

  @Test("expansion agrees with the model", arguments: 0..<200)
  func agreesWithModel(seed: UInt64) throws {
    var random = Random(state: seed)
    var assignments: [BuildSettingAssignment] = []
    var values: [String] = []
    for index in 0..<(1 + random.below(6)) {
      // Each setting refers only to the ones before it: no cycles.
      let (text, expected) = Self.text(&random, values: values)
      assignments.append(BuildSettingAssignment(name: "N\(index)", value: text))
      assignments.append(BuildSettingAssignment(name: "DIGIT_\(index)", value: "\(index)"))
      values.append(expected)
    }
    var settings = BuildSettings()
    settings.addLevel(BuildSettings.Level(name: "random", assignments: assignments))
    for (index, expected) in values.enumerated() {
      #expect(try settings.value(of: "N\(index)") == expected, "N\(index) = \(assignments[2 * index].value)")
    }
    for _ in 0..<5 {
      let (text, expected) = Self.text(&random, values: values)
      #expect(try settings.expand(text) == expected, "\(text)")
    }
  }

  @Test("a text without $ expands to itself; one whose names are all defined leaves no reference", arguments: 0..<100)
  func roundTrips(seed: UInt64) throws {
    var random = Random(state: seed)
    let plain =
      String((0..<random.below(30)).map { _ in Self.alphabet[random.below(Self.alphabet.count)] })
      + "(x){y}:"
    var settings = BuildSettings()
    settings.addLevel(
      BuildSettings.Level(
        name: "random", assignments: [BuildSettingAssignment(name: "A", value: plain.replacing("a", with: "$(B)"))]))
    #expect(try settings.expand(plain, strict: true) == plain)
    settings.addLevel(BuildSettings.Level(name: "more", assignments: [BuildSettingAssignment(name: "B", value: "b")]))
    let expanded = try settings.expand("[$(A)|${A:lower}|$A]", strict: true)
    #expect(!expanded.contains("$(") && !expanded.contains("${"))
  }
}
