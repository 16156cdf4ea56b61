/// The operators of a reference, `$(NAME:operator)`, as Xcode's build system applies them.
///
/// What each one gives was observed from the build system that ships with the Swift toolchain
/// (Swift Build, which evaluates Xcode's build settings), on the inputs the tests use:
///
/// - `lower`, `upper`: the value in lower or upper case (full Unicode mapping: `Straße` → `STRASSE`).
/// - `identifier`: a C identifier: every character but ASCII letters, digits and `_` becomes `_`,
///   and so does a digit that comes first (`9 lives` → `__lives`).
/// - `c99extidentifier`: a C99 extended identifier: as `identifier`, but letters and digits
///   beyond ASCII stay (`My App!` → `My_App_`, `日本語 ok` → `日本語_ok`).
/// - `rfc1034identifier`: a DNS label: every character but ASCII letters, digits and `-`
///   becomes `-`, and so does a first character that is not a letter (`My App!` → `My-App-`,
///   `a_b.c` → `a-b-c`).
/// - `quote`: a backslash before each space, tab, line break, backslash and quote, so that the
///   value is one shell word (`a b` → `a\ b`).
/// - `dir`: the path up to and with its last `/` (`/a/b/c.txt` → `/a/b/`, `c.txt` → `./`);
///   `file`: after the last `/` (`c.txt`); `base`: the file without its suffix (`c.tar`
///   of `c.tar.gz`); `suffix`: from the file's last `.` on (`.gz`); `standardizepath`: see
///   ``BuildSettingPath/standardized(_:)``.
/// - `default=VALUE`: VALUE when the value is empty; `dir=`, `file=`, `base=`, `suffix=`:
///   the path with that part replaced (`$(P:suffix=md)` of `/a/b.txt` → `/a/b.md`).
///
/// The identifier operators take one character (a letter with its combining marks, an emoji) at
/// a time, as Swift Build does: `é` written as `e` and a combining accent is one character,
/// replaced by one `-` or kept whole. An operator Xcode does not know leaves
/// the value as it is (a strict expansion reports it instead).
enum BuildSettingOperators {
  /// The operators without an argument, by name.
  static let retrieval: [String: @Sendable (String) -> String] = [
    "lower": { $0.lowercased() },
    "upper": { $0.uppercased() },
    "identifier": { identifier($0, extended: false) },
    "c99extidentifier": { identifier($0, extended: true) },
    "rfc1034identifier": rfc1034Identifier,
    "quote": quoted,
    "dir": { BuildSettingPath(string: $0).directory },
    "file": { BuildSettingPath(string: $0).fileName },
    "base": { BuildSettingPath(string: $0).base },
    "suffix": { BuildSettingPath(string: $0).suffix },
    "standardizepath": BuildSettingPath.standardized,
  ]

  /// The operators with an argument (`name=ARGUMENT`), by name: the value and the expanded
  /// argument give the result.
  static let replacement: [String: @Sendable (String, String) -> String] = [
    "default": { value, argument in value.isEmpty ? argument : value },
    "dir": { BuildSettingPath(string: $0).replacingDirectory(with: $1) },
    "file": { BuildSettingPath(string: $0).replacingFile(with: $1) },
    "base": { BuildSettingPath(string: $0).replacingBase(with: $1) },
    "suffix": { BuildSettingPath(string: $0).replacingSuffix(with: $1) },
  ]

  /// `identifier` and `c99extidentifier`.
  static func identifier(_ value: String, extended: Bool) -> String {
    var result = ""
    for character in value {
      let isFirst = result.isEmpty
      let kept: Bool
      if let ascii = character.asciiValue {
        kept = isASCIILetter(ascii) || ascii == UInt8(ascii: "_") || (!isFirst && isASCIIDigit(ascii))
      } else {
        // A letter with combining marks is one character, kept or replaced whole.
        let scalars = character.unicodeScalars
        kept =
          extended && (isFirst ? scalars.first!.properties.isXIDStart : scalars.first!.properties.isXIDContinue)
          && scalars.dropFirst().allSatisfy(\.properties.isXIDContinue)
      }
      result.append(kept ? character : "_")
    }
    return result
  }

  /// `rfc1034identifier`.
  static func rfc1034Identifier(_ value: String) -> String {
    var result = ""
    for character in value {
      let kept = character.asciiValue.map {
        isASCIILetter($0) || (!result.isEmpty && (isASCIIDigit($0) || $0 == UInt8(ascii: "-")))
      }
      result.append(kept == true ? character : "-")
    }
    return result
  }

  /// `quote`.
  static func quoted(_ value: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      if [" ", "\t", "\n", "\r", "\\", "\"", "'"].contains(scalar) { result.append("\\") }
      result.append(scalar)
    }
    return String(result)
  }

  private static func isASCIILetter(_ byte: UInt8) -> Bool {
    (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
  }

  private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
