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
/// Characters are taken one Unicode scalar at a time. An operator Xcode does not know leaves
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
    var result = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      let isFirst = result.isEmpty
      let kept: Bool
      if scalar.isASCII {
        kept = isASCIILetter(scalar) || scalar == "_" || (!isFirst && isASCIIDigit(scalar))
      } else {
        kept = extended && (isFirst ? scalar.properties.isXIDStart : scalar.properties.isXIDContinue)
      }
      result.append(kept ? scalar : "_")
    }
    return String(result)
  }

  /// `rfc1034identifier`.
  static func rfc1034Identifier(_ value: String) -> String {
    var result = String.UnicodeScalarView()
    for scalar in value.unicodeScalars {
      let kept =
        isASCIILetter(scalar) || (!result.isEmpty && (isASCIIDigit(scalar) || scalar == "-"))
      result.append(kept ? scalar : "-")
    }
    return String(result)
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

  private static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
  }

  private static func isASCIIDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }
}
