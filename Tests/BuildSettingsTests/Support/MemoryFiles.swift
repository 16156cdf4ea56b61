import BuildSettings

/// xcconfig files in memory, for the loader: path → text.
struct MemoryFiles: XCConfigFileAccess {
  var files: [String: String]

  func contents(ofFile path: String) throws(BuildSettingsError) -> [UInt8]? {
    files[Self.standardized(path)].map { Array($0.utf8) }
  }

  /// The path without `.` components and with `..` applied, as the keys are written.
  static func standardized(_ path: String) -> String {
    var components: [Substring] = []
    for component in path.split(separator: "/") {
      if component == "." { continue }
      if component == "..", !components.isEmpty {
        components.removeLast()
        continue
      }
      components.append(component)
    }
    return components.joined(separator: "/")
  }
}

/// Settings with one level per xcconfig text, in order (each named by its path in `files`).
func loadSettings(
  _ files: [String: String], levels: [String], sdk: String? = nil, arch: String? = nil, config: String? = nil
) throws -> BuildSettings {
  var settings = BuildSettings(conditionValues: BuildSettingConditionValues(sdk: sdk, arch: arch, config: config))
  let loader = XCConfigLoader(access: MemoryFiles(files: files))
  for path in levels { try settings.addXCConfig(file: path, loader: loader) }
  return settings
}

/// Settings with one level of `NAME = VALUE` lines.
func loadSettings(
  _ lines: String, sdk: String? = nil, arch: String? = nil, config: String? = nil
) throws
  -> BuildSettings
{
  try loadSettings(["main.xcconfig": lines], levels: ["main.xcconfig"], sdk: sdk, arch: arch, config: config)
}
