import BuildSettings
import PlistDocument
import PlistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension CommandSpec {
  /// `plistkit expand`: Xcode's build-setting expansion of an Info.plist or entitlements file.
  static let expand = CommandSpec(
    name: "expand",
    abstract: "Expand $(NAME) build settings in a property list, as Xcode does.",
    discussion: """
      Replaces $(NAME), ${NAME} and $NAME in every string value and dictionary key with the \
      build setting's value, as Xcode does when it builds an Info.plist or an entitlements file, \
      with Xcode's operators ($(PRODUCT_NAME:lower:rfc1034identifier), :c99extidentifier, \
      :identifier, :upper, :quote, :dir, :file, :base, :suffix, :standardizepath, :default=VALUE) \
      and nested references ($(A_$(B))). Settings come from the environment with --env (the \
      lowest level), then each --xcconfig in order (with its #include and #include? files, \
      relative to the including file), then every --set (the highest). $(inherited), or a \
      setting's own name in its value, is the value beneath that assignment. An assignment with \
      conditions (NAME[sdk=iphoneos*][arch=arm64] = …, [config=Debug]) applies when --sdk, \
      --arch and --config match its globs; the one with the most conditions that all match wins, \
      then the last. An undefined name expands to nothing (with --strict it is an error naming \
      the key path), and a reference cycle is an error naming the settings in it. The file keeps \
      its format: in a text file only the expanded strings and keys change, every other byte \
      stays; a binary file stays binary. The result goes to standard output, or to -o OUT \
      (which may name FILE), written atomically.
      """,
    options: [
      ExpandOptions.xcconfig.spec, ExpandOptions.set.spec, ExpandOptions.environment.spec, ExpandOptions.sdk.spec,
      ExpandOptions.arch.spec, ExpandOptions.config.spec, ExpandOptions.strict.spec, ExpandOptions.output.spec,
    ],
    arguments: [ExpandOptions.file.spec],
    examples: [
      Example(
        command: "plistkit expand Template-Info.plist --xcconfig App.xcconfig -o Info.plist",
        explanation: "Write the app's Info.plist with the settings of an xcconfig file and what it includes."),
      Example(
        command:
          "plistkit expand Template-Info.plist --xcconfig App.xcconfig --sdk iphoneos --set MARKETING_VERSION=2.0 -o -",
        explanation: "Take the settings for the iphoneos SDK, override one, and print the result."),
      Example(
        command: "plistkit expand Template-Info.plist --xcconfig App.xcconfig --env --strict -o Info.plist",
        explanation:
          "With the environment beneath the xcconfig file; a reference to a setting no level defines fails, naming its key path."
      ),
    ],
    exitCodes: ExitCodeNote.codes(
      success: "the expanded file was written",
      failure:
        "a file could not be read or written, an xcconfig file is invalid or includes itself, a reference cycle, or an undefined name with --strict",
      usage: "the command line was wrong, or a --set is not NAME=VALUE"),
    run: { context in
      let path = context[ExpandOptions.file] ?? "-"
      let destination = context[ExpandOptions.output]
      let expansion = BuildSettingsExpansion(
        settings: try ExpandOptions.settings(context), strict: context[ExpandOptions.strict])
      return try PropertyListIO.whileEditing(path, writingTo: destination ?? "-") {
        () throws(CommandError) -> ExitStatus in
        let input = try PropertyListIO.readBytes(path)
        let name = path == "-" ? nil : path
        try Terminal.refuseBinary(
          input.withBytes { PropertyListFormat.detect($0, fileName: name) }, output: destination)
        let editor = PropertyListFileEditor(reading: InputLimit.bounding(PropertyListReadingOptions()))
        let bytes: [UInt8]
        do throws(PropertyListError) {
          bytes = try expansion.expandFile(input.array, path: name, editor: editor)
        } catch {
          throw .file(path, error)
        }
        try PropertyListIO.write(bytes, to: destination ?? "-", output: context.output)
        return .success
      }
    }
  )
}

/// The options and arguments of `expand`, and the settings they give.
private enum ExpandOptions {
  static let xcconfig = Option.repeatable(
    "xcconfig", placeholder: "FILE",
    help: "Read build settings from an xcconfig file; each one is a level above the ones before it.")
  static let set = Option.repeatable(
    "set", placeholder: "NAME=VALUE",
    help: "Set a build setting above every xcconfig file (NAME[sdk=…]=VALUE for a condition); may be repeated.")
  static let environment = Option.flag(
    "env", help: "Take the process environment as the lowest level of build settings.")
  static let sdk = Option.text(
    "sdk", placeholder: "SDK", help: "The SDK that [sdk=…] conditions match (iphoneos, macosx15.0, …).")
  static let arch = Option.text(
    "arch", placeholder: "ARCH", help: "The architecture that [arch=…] conditions match (arm64, x86_64, …).")
  static let config = Option.text(
    "config", placeholder: "NAME", help: "The build configuration that [config=…] conditions match (Debug, Release, …)."
  )
  static let strict = Option.flag(
    "strict", help: "Make a reference to an undefined setting, an unclosed $( and an unknown operator errors.")
  static let output = SharedOptions.output(help: "Write the result here instead of standard output; it may name FILE.")
  static let file = SharedOptions.file("The Info.plist or other property list to expand; - is standard input.")

  /// The settings the command line gives, in their levels.
  static func settings(_ context: CommandContext) throws(CommandError) -> BuildSettings {
    var settings = BuildSettings(
      conditionValues: BuildSettingConditionValues(sdk: context[sdk], arch: context[arch], config: context[config]))
    if context[environment] { settings.addEnvironment(processEnvironment()) }
    let loader = XCConfigLoader()
    for path in context[xcconfig] {
      do {
        try settings.addXCConfig(file: path, loader: loader)
      } catch {
        throw .failure(error.description)
      }
    }
    var overrides: [BuildSettingAssignment] = []
    for text in context[set] {
      do {
        overrides.append(try BuildSettingAssignment(parsing: Substring(text)))
      } catch {
        throw .usage("--set \(text): \(error.message); give NAME=VALUE")
      }
    }
    if !overrides.isEmpty { settings.addLevel(BuildSettings.Level(name: "--set", assignments: overrides)) }
    return settings
  }

  /// The process's environment variables, in the order the process holds them.
  private static func processEnvironment() -> [(name: String, value: String)] {
    var variables: [(name: String, value: String)] = []
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        variables.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
      }
      entry += 1
    }
    return variables
  }
}
