import BuildSettings
import Testing

@Suite("levels, $(inherited) and conditions")
struct LevelTests {
  @Test(
    "$(inherited) and a setting's own name look beneath the assignment: earlier lines, included files, lower levels")
  func inherited() throws {
    let files = [
      "base.xcconfig": "FLAGS = -base\nOTHER = base-other\n",
      "app.xcconfig": """
      #include "base.xcconfig"
      FLAGS = $(inherited) -app
      FLAGS = $(FLAGS) -again
      OTHER = $(OTHER:upper)
      """,
      "release.xcconfig": "FLAGS = $(inherited) -release\nNEW = $(inherited)new",
    ]
    let settings = try loadSettings(files, levels: ["app.xcconfig", "release.xcconfig"])
    #expect(try settings.value(of: "FLAGS") == "-base -app -again -release")
    #expect(try settings.value(of: "OTHER") == "BASE-OTHER")
    // Nothing beneath is nothing, even in strict mode.
    #expect(try settings.value(of: "NEW", strict: true) == "new")
    // Any other reference is to the final value, wherever it is assigned.
    var late = try loadSettings("A = <$(B)>\nB = early")
    late.addLevel(BuildSettings.Level(name: "--set", assignments: [BuildSettingAssignment(name: "B", value: "late")]))
    #expect(try late.value(of: "A") == "<late>")
  }

  @Test("the environment is the lowest level, the command line the highest")
  func layers() throws {
    var settings = BuildSettings()
    settings.addEnvironment([("HOME", "/home/me"), ("FROM_ENV", "env"), ("NOT-A-NAME", "x"), ("A", "env-a")])
    try settings.addXCConfig(
      file: "c.xcconfig",
      loader: XCConfigLoader(access: MemoryFiles(files: ["c.xcconfig": "A = $(inherited)+file\nB = file"])))
    settings.addLevel(
      BuildSettings.Level(
        name: "--set",
        assignments: [
          try BuildSettingAssignment(parsing: "B=cli $(inherited)"), try BuildSettingAssignment(parsing: "C = $(HOME)"),
        ]))
    #expect(try settings.value(of: "A") == "env-a+file")
    #expect(try settings.value(of: "B") == "cli file")
    #expect(try settings.value(of: "C") == "/home/me")
    #expect(try settings.value(of: "FROM_ENV") == "env")
    #expect(!settings.assigns("NOT-A-NAME"))
  }

  @Test("the most specific matching assignment of a level wins, the last among equals; a higher level always wins")
  func conditions() throws {
    let lines = """
      SIGN[sdk=iphoneos*][arch=arm64] = device-arm64
      SIGN[sdk=iphoneos*] = device
      SIGN = plain
      SIGN[config=Debug] = debug
      SIGN[sdk=macosx*, config=Release] = mac-release
      PROFILE[sdk=iphone*] = first
      PROFILE[sdk=*os*] = second
      """
    #expect(try loadSettings(lines).value(of: "SIGN") == "plain")
    #expect(try loadSettings(lines, sdk: "iphoneos26.0").value(of: "SIGN") == "device")
    #expect(try loadSettings(lines, sdk: "iphoneos26.0", arch: "arm64").value(of: "SIGN") == "device-arm64")
    #expect(try loadSettings(lines, sdk: "iphonesimulator", arch: "arm64").value(of: "SIGN") == "plain")
    #expect(try loadSettings(lines, config: "Debug").value(of: "SIGN") == "debug")
    #expect(try loadSettings(lines, sdk: "macosx15.0", config: "Release").value(of: "SIGN") == "mac-release")
    #expect(try loadSettings(lines, sdk: "macosx15.0", config: "Debug").value(of: "SIGN") == "debug")
    // Equally specific: the last that matches.
    #expect(try loadSettings(lines, sdk: "iphoneos").value(of: "PROFILE") == "second")
    #expect(try loadSettings(lines, sdk: "iphonesimulator").value(of: "PROFILE") == "first")
    #expect(try loadSettings(lines, sdk: "watchos").value(of: "PROFILE") == "second")
    #expect(try loadSettings(lines).value(of: "PROFILE") == nil)
    // A conditional assignment's $(inherited) is what the lines before it give.
    let inherited = try loadSettings("F = a\nF[config=Debug] = $(inherited) debug\nF = $(inherited) b", config: "Debug")
    #expect(try inherited.value(of: "F") == "a debug")
    // A plain override on a higher level beats a conditional one beneath.
    var overridden = try loadSettings(lines, sdk: "iphoneos")
    overridden.addLevel(
      BuildSettings.Level(name: "--set", assignments: [BuildSettingAssignment(name: "SIGN", value: "cli")]))
    #expect(try overridden.value(of: "SIGN") == "cli")
  }

  @Test(
    "globs: * matches any run, everything else itself",
    arguments: [
      ("iphoneos*", "iphoneos", true), ("iphoneos*", "iphoneos26.0", true), ("iphoneos*", "iphonesimulator", false),
      ("*", "", true), ("*os*", "macosx", true), ("a*b*c", "aXbYbZc", true), ("a*b*c", "aXbYbZ", false),
      ("arm64", "arm64e", false), ("*64", "x86_64", true), ("Debug", "debug", false),
    ])
  func globs(pattern: String, value: String, matches: Bool) {
    let condition = BuildSettingCondition(parameter: "sdk", pattern: pattern)
    #expect(condition.matches(BuildSettingConditionValues(sdk: value)) == matches)
    #expect(!condition.matches(BuildSettingConditionValues(arch: value)))
  }
}
