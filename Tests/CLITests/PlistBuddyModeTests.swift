import Foundation
import PlistKit
import Testing

/// `plistkit buddy …` and the binary run as `PlistBuddy`: transcripts of whole runs (standard
/// output, standard error, exit status, the file afterwards), the interactive mode, and command
/// lines as public build scripts write them.
@Suite("PlistBuddy mode")
struct PlistBuddyModeTests {
  static let infoPlist = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<!-- kept by every edit -->
    \t<key>CFBundleIdentifier</key>
    \t<string>com.example.demo</string>
    \t<key>CFBundleShortVersionString</key>
    \t<string>1.4.2</string>
    \t<key>CFBundleVersion</key>
    \t<string>41</string>
    \t<key>LSApplicationQueriesSchemes</key>
    \t<array>
    \t\t<string>fb</string>
    \t</array>
    \t<key>NSAppTransportSecurity</key>
    \t<dict>
    \t\t<key>NSAllowsArbitraryLoads</key>
    \t\t<false/>
    \t\t<key>NSExceptionDomains</key>
    \t\t<dict>
    \t\t\t<key>example.com</key>
    \t\t\t<dict>
    \t\t\t\t<key>NSIncludesSubdomains</key>
    \t\t\t\t<true/>
    \t\t\t\t<key>NSExceptionMinimumTLSVersion</key>
    \t\t\t\t<string>TLSv1.2</string>
    \t\t\t</dict>
    \t\t</dict>
    \t</dict>
    \t<key>UIRequiredDeviceCapabilities</key>
    \t<array>
    \t\t<string>armv7</string>
    \t</array>
    </dict>
    </plist>

    """

  /// A fresh folder with `Info.plist`.
  func folder() throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    return (folder, try folder.file("Info.plist", Self.infoPlist))
  }

  /// `plistkit buddy ARGUMENTS`.
  func buddy(_ arguments: [String], stdin: [UInt8]? = nil, directory: String? = nil) throws -> CLI.Run {
    try CLI.run(["buddy"] + arguments, stdin: stdin, directory: directory)
  }

  func text(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

  @Test("Print of a whole file and of a nested dictionary, in PlistBuddy's layout")
  func printLayout() throws {
    let (_, info) = try folder()
    let whole = try buddy(["-c", "Print", info])
    #expect(whole.status == 0)
    #expect(whole.stderr == "")
    #expect(
      whole.output == """
        Dict {
            CFBundleIdentifier = com.example.demo
            CFBundleShortVersionString = 1.4.2
            CFBundleVersion = 41
            LSApplicationQueriesSchemes = Array {
                fb
            }
            NSAppTransportSecurity = Dict {
                NSAllowsArbitraryLoads = false
                NSExceptionDomains = Dict {
                    example.com = Dict {
                        NSIncludesSubdomains = true
                        NSExceptionMinimumTLSVersion = TLSv1.2
                    }
                }
            }
            UIRequiredDeviceCapabilities = Array {
                armv7
            }
        }

        """)
    // A nested dictionary, as scripts print one to check a setting.
    let nested = try buddy(["-c", "Print :NSAppTransportSecurity:NSExceptionDomains", info])
    #expect(
      nested.output == """
        Dict {
            example.com = Dict {
                NSIncludesSubdomains = true
                NSExceptionMinimumTLSVersion = TLSv1.2
            }
        }

        """)
    #expect(try text(info) == Self.infoPlist, "printing does not write the file")
  }

  @Test("-x prints the entry as an XML property list")
  func printXML() throws {
    let (_, info) = try folder()
    let run = try buddy(["-x", "-c", "Print :LSApplicationQueriesSchemes", info])
    #expect(run.status == 0)
    #expect(run.stdout == (try PropertyList.array(["fb"]).serialized(as: .xml)))
  }

  @Test("errors: their words, their stream, the exit status, and the commands after them still run")
  func errors() throws {
    let (_, info) = try folder()
    let run = try buddy(
      [
        "-c", "Print :CFBundleVersion", "-c", "Print :Missing", "-c", "Set :Missing 1", "-c",
        "Add :CFBundleVersion string 2", "-c", "Delete :Missing", "-c", "Set :LSApplicationQueriesSchemes x", "-c",
        "Copy :Missing :Other", "-c", "Bogus", "-c", "Add :X badtype", "-c", "Print :CFBundleShortVersionString", info,
      ])
    #expect(run.status == 1)
    #expect(run.output == "41\nUnrecognized Command\nUnrecognized Type: badtype\n1.4.2\n")
    #expect(
      run.stderr == """
        Print: Entry, ":Missing", Does Not Exist
        Set: Entry, ":Missing", Does Not Exist
        Add: ":CFBundleVersion" Entry Already Exists
        Delete: Entry, ":Missing", Does Not Exist
        Set: Cannot Perform Set On Containers
        Copy: Entry, ":Missing", Does Not Exist

        """)
    #expect(try text(info) == Self.infoPlist, "failed edits change nothing (the file is written back as it was)")
    let format = try buddy(["-c", "Add :Count integer ten", info])
    #expect(format.status == 0)
    #expect(format.output == "Unrecognized Integer Format\n")
  }

  @Test("edits keep the XML file's layout and comments; only the edited lines change")
  func layoutKept() throws {
    let (_, info) = try folder()
    let run = try buddy(["-c", "Set :CFBundleVersion 42", "-c", "Delete :UIRequiredDeviceCapabilities", info])
    #expect(run.status == 0)
    #expect(run.output == "")
    let expected = Self.infoPlist.replacingOccurrences(of: "<string>41</string>", with: "<string>42</string>")
      .replacingOccurrences(
        of: "\t<key>UIRequiredDeviceCapabilities</key>\n\t<array>\n\t\t<string>armv7</string>\n\t</array>\n", with: "")
    #expect(try text(info) == expected)
  }

  @Test("a binary file stays binary, a JSON file JSON")
  func formatKept() throws {
    let folder = try TemporaryDirectory()
    let value: PropertyList = ["CFBundleVersion": "7", "List": [1, 2]]
    let binary = try folder.file("Info.plist", try value.serialized(as: .binary))
    #expect(try buddy(["-c", "Set :CFBundleVersion 8", "-c", "Add :List: integer 3", binary]).status == 0)
    let bytes = try folder.contents("Info.plist")
    #expect(bytes.starts(with: Array("bplist00".utf8)))
    #expect(try PropertyList(bytes: bytes, format: .binary) == ["CFBundleVersion": "8", "List": [1, 2, 3]])
    let json = try folder.file("settings.json", "{\n  \"name\" : \"a\"\n}\n")
    #expect(try buddy(["-c", "Set :name b", json]).status == 0)
    #expect(try text(json) == "{\n  \"name\" : \"b\"\n}\n")
  }

  @Test("a missing file is announced, created as XML, and holds what was added")
  func createsMissingFile() throws {
    let folder = try TemporaryDirectory()
    let path = folder.url.appendingPathComponent("New.plist").path
    let run = try buddy(["-c", "Add :CFBundleName string Demo", path])
    #expect(run.status == 0)
    #expect(run.output == "File Doesn't Exist, Will Create: \(path)\n")
    #expect(
      try text(path) == """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>CFBundleName</key>
        \t<string>Demo</string>
        </dict>
        </plist>

        """)
    let readOnly = try buddy(["-c", "Print", folder.url.appendingPathComponent("Other.plist").path])
    #expect(readOnly.output.hasSuffix("Dict {\n}\n"))
    #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("Other.plist").path))
  }

  @Test("a file that is not a property list stops the run before any command")
  func unreadableFile() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("bad.plist", "<plist><dict><key>a</key></plist>")
    let run = try buddy(["-c", "Set :a 1", path])
    #expect(run.status == 1)
    #expect(run.output == "Error Reading File: \(path)\n")
    #expect(run.stderr.hasPrefix("\(path):1:"), "the reason, with its line and column: \(run.stderr)")
    #expect(try text(path) == "<plist><dict><key>a</key></plist>")
  }

  @Test("interactive mode: the prompt, commands from standard input, Save, Exit without saving")
  func interactive() throws {
    let (_, info) = try folder()
    let input =
      "Print :CFBundleVersion\nSet :CFBundleVersion 50\nSave\nSet :CFBundleVersion 99\nPrint :CFBundleVersion\nExit\nPrint\n"
    let run = try buddy([info], stdin: Array(input.utf8))
    #expect(run.status == 0)
    #expect(run.output == "Command: 41\nCommand: Command: Saving...\nCommand: Command: 99\nCommand: ")
    #expect(try text(info).contains("<string>50</string>"), "Save wrote 50; Exit dropped 99")
    let endOfInput = try buddy([info], stdin: Array("Set :CFBundleVersion 77\nPrint :Nope\n".utf8))
    #expect(endOfInput.status == 1)
    #expect(endOfInput.output == "Command: Command: Command: \n")
    #expect(endOfInput.stderr == "Print: Entry, \":Nope\", Does Not Exist\n")
    #expect(try text(info).contains("<string>50</string>"), "the end of the input does not save")
  }

  @Test("the command line: usage, help, too many files, a missing -c command, unknown options are file names")
  func commandLine() throws {
    let (_, info) = try folder()
    let none = try buddy([])
    #expect(none.status == 1)
    #expect(none.output.hasPrefix("Usage: PlistBuddy [-cxlh] <file.plist>\n"))
    let missing = try buddy(["-c"])
    #expect(missing.status == 1)
    #expect(missing.output == none.output)
    let help = try buddy(["-h"])
    #expect(help.status == 1)
    #expect(help.output.contains("Command Format:") && help.output.contains("Entry Format:"))
    #expect(try buddy(["-h", info]).status == 0)
    let extra = try buddy([info, "extra"])
    #expect(extra.status == 1)
    #expect(extra.output == "Invalid Arguments\n")
    let combined = try buddy(["-xc", "Print", info])
    #expect(combined.status == 1)
    #expect(combined.output == "Invalid Arguments\n")
  }

  @Test("an unmatched apostrophe in a value is an error naming the command and its column; nothing is stored")
  func unmatchedQuote() throws {
    let (_, info) = try folder()
    let run = try buddy(["-c", "Add :Name string Bob's App", "-c", "Print :CFBundleVersion", info])
    #expect(run.status == 1)
    #expect(run.output == "41\n")
    #expect(run.stderr == "Add: Unmatched ' at column 21 (write \\' for the character itself)\n")
    #expect(try text(info) == Self.infoPlist)
    let escaped = try buddy(["-c", #"Add :Name string Bob\'s App"#, "-c", "Print :Name", info])
    #expect(escaped.status == 0)
    #expect(escaped.output == "Bob's App\n")
    let interactive = try buddy([info], stdin: Array("Set :CFBundleVersion \"42\nSave\nExit\n".utf8))
    #expect(interactive.status == 1)
    #expect(interactive.stderr == "Set: Unmatched \" at column 22 (write \\\" for the character itself)\n")
    #expect(try text(info).contains("<string>41</string>"))
  }

  @Test("plistkit buddy --help prints the help and succeeds; a file named --help is ./--help")
  func longHelp() throws {
    let help = try buddy(["--help"])
    #expect(help.status == 0)
    #expect(help.stderr == "")
    #expect(help.output == (try buddy(["-h"])).output)
    #expect(help.output.hasPrefix("Usage: PlistBuddy [-cxlh] <file.plist>\n"))
    #expect(help.output.contains("Command Format:\n"))
    let folder = try TemporaryDirectory()
    let named = try buddy(["-c", "Add :A string x", "./--help"], directory: folder.path)
    #expect(named.status == 0)
    #expect(named.output == "File Doesn't Exist, Will Create: ./--help\n")
    #expect(FileManager.default.fileExists(atPath: folder.path + "/--help"))
  }

  @Test("-l refuses a symbolic link; without it the link is followed and its target edited")
  func symbolicLinks() throws {
    let (folder, info) = try folder()
    let link = folder.url.appendingPathComponent("Link.plist").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: info)
    let refused = try buddy(["-l", "-c", "Print :CFBundleVersion", link])
    #expect(refused.status == 1)
    #expect(refused.output == "Error Reading File: \(link)\n")
    #expect(refused.stderr == "Error Opening File: \(link) (Too many levels of symbolic links)\n")
    #expect(try buddy(["-l", "-c", "Print :CFBundleVersion", info]).output == "41\n")
    #expect(try buddy(["-c", "Set :CFBundleVersion 9", link]).status == 0)
    #expect(try text(info).contains("<string>9</string>"))
    let attributes = try FileManager.default.attributesOfItem(atPath: link)
    #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink, "the link is still a link")
  }

  @Test("run under the name PlistBuddy, by a real build script: bump CFBundleVersion, read the version")
  func buildScriptBump() throws {
    let (folder, info) = try folder()
    let bin = folder.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: bin.appendingPathComponent("PlistBuddy").path, withDestinationPath: CLI.binary)
    // The increment found in many public Xcode run-script phases, with /usr/libexec/ dropped.
    let script = """
      buildNumber=$(PlistBuddy -c "Print CFBundleVersion" "$INFOPLIST_FILE")
      buildNumber=$(($buildNumber + 1))
      PlistBuddy -c "Set :CFBundleVersion $buildNumber" "$INFOPLIST_FILE"
      APP_VERSION=$(PlistBuddy -c "print :CFBundleShortVersionString" "$INFOPLIST_FILE")
      echo "$APP_VERSION ($buildNumber)"
      """
    let run = try CLI.run(
      ["-c", script], environment: ["PATH": "\(bin.path):/usr/bin:/bin", "INFOPLIST_FILE": info], program: "/bin/sh")
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output == "1.4.2 (42)\n")
    #expect(
      try text(info) == Self.infoPlist.replacingOccurrences(of: "<string>41</string>", with: "<string>42</string>"))
  }

  @Test("build-script lines: add a URL type, append to an array, add under quoted keys")
  func buildScriptAdds() throws {
    let (_, info) = try folder()
    let run = try buddy(
      [
        "-c", "Add :CFBundleURLTypes array", "-c", "Add :CFBundleURLTypes:0 dict", "-c",
        "Add :CFBundleURLTypes:0:CFBundleURLName string 'org-protocol handler'", "-c",
        "Add :CFBundleURLTypes:0:CFBundleURLSchemes array", "-c",
        "Add :CFBundleURLTypes:0:CFBundleURLSchemes:0 string org-protocol", "-c",
        "Add :LSApplicationQueriesSchemes: string twitter", "-c", "Add :UIBackgroundModes array", "-c",
        "Add :UIBackgroundModes:0 string audio", "-c",
        "Add ':NSAppTransportSecurity:NSExceptionDomains:example.org' dict", "-c",
        "Set :NSAppTransportSecurity:NSAllowsArbitraryLoads true", info,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.output == "")
    let value = try PropertyList(bytes: Array(try text(info).utf8), format: .xml)
    #expect(
      value["CFBundleURLTypes"] == [
        ["CFBundleURLName": "org-protocol handler", "CFBundleURLSchemes": ["org-protocol"]]
      ])
    #expect(value["LSApplicationQueriesSchemes"] == ["fb", "twitter"])
    #expect(value["UIBackgroundModes"] == ["audio"])
    #expect(value["NSAppTransportSecurity"]?["NSExceptionDomains"]?["example.org"] == [:])
    #expect(value["NSAppTransportSecurity"]?["NSAllowsArbitraryLoads"] == true)
    #expect(try text(info).contains("<!-- kept by every edit -->"))
  }

  /// An XML property list file with Apple's header around `body` (tab-indented lines).
  static func xml(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \(body)</dict>
    </plist>

    """
  }

  @Test("build-script lines: merge entitlements (existing keys win) and an asset catalog's partial Info.plist")
  func buildScriptMerge() throws {
    let folder = try TemporaryDirectory()
    let sandbox = "\t<key>com.apple.security.app-sandbox</key>\n\t<true/>\n"
    let additions = """
      \t<key>com.apple.security.network.client</key>
      \t<true/>
      \t<key>keychain-access-groups</key>
      \t<array>
      \t\t<string>$(AppIdentifierPrefix)com.example.demo</string>
      \t</array>

      """
    let entitlements = try folder.file("App.entitlements", Self.xml(sandbox))
    let extra = try folder.file(
      "Extra.entitlements", Self.xml("\t<key>com.apple.security.app-sandbox</key>\n\t<false/>\n" + additions))
    let run = try buddy(["-c", "Merge \(extra)", entitlements])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try text(entitlements) == Self.xml(sandbox + additions))

    // actool's --output-partial-info-plist, merged into the bundle's Info.plist.
    let info = try folder.file("Info.plist", Self.infoPlist)
    let partial = try folder.file(
      "assetcatalog_generated_info.plist",
      Self.xml(
        "\t<key>CFBundleIconFile</key>\n\t<string>AppIcon</string>\n\t<key>CFBundleIconName</key>\n\t<string>AppIcon</string>\n"
      ))
    #expect(try buddy(["-c", "Merge \(partial)", info]).status == 0)
    let merged = try buddy(["-c", "Print :CFBundleIconName", "-c", "Print :CFBundleIdentifier", info])
    #expect(merged.output == "AppIcon\ncom.example.demo\n")
    #expect(try text(info).hasPrefix(String(Self.infoPlist.dropLast("</dict>\n</plist>\n".count))))

    let missing = try buddy(["-c", "Merge \(folder.path)/nope.plist", entitlements])
    #expect(missing.status == 1)
    #expect(
      missing.stderr
        == "Error Opening File: \(folder.path)/nope.plist (No such file or directory)\nMerge: Error Reading File: \(folder.path)/nope.plist\n"
    )
  }

  @Test("Import, Copy, Clear, Revert and Help through the binary")
  func otherCommands() throws {
    let (folder, info) = try folder()
    let notes = try folder.file("notes.txt", "release notes\n")
    let run = try buddy(
      [
        "-c", "Import :Notes \(notes)", "-c", "Copy :CFBundleIdentifier :Backup:Identifier", "-c",
        "Print :Backup", "-c", "Revert", "-c", "Print :Backup", "-c", "Help", info,
      ])
    #expect(run.status == 1)
    #expect(
      run.output.hasPrefix(
        "Dict {\n    Identifier = com.example.demo\n}\nReverting to last saved state...\nCommand Format:\n"))
    #expect(run.stderr == "Print: Entry, \":Backup\", Does Not Exist\n")
    let imported = try buddy(["-c", "Import :Notes \(notes)", "-c", "Print :Notes", info])
    #expect(imported.output == "release notes\n\n")
    #expect(
      try PropertyList(bytes: try folder.contents("Info.plist"), format: .xml)["Notes"]
        == .data(Array("release notes\n".utf8)))
    let cleared = try buddy(["-c", "Clear array", "-c", "Add : string one", "-c", "Print", info])
    #expect(cleared.output == "Initializing Plist...\nArray {\n    one\n}\n")
    #expect(try PropertyList(bytes: try folder.contents("Info.plist"), format: .xml) == ["one"])
  }

  @Test("the compatibility guide's PlistBuddy examples run as shown")
  func guideExamples() throws {
    let guide = try String(
      contentsOf: CLI.root.appendingPathComponent("Documentation/compatibility.md"), encoding: .utf8)
    let section = try #require(guide.range(of: "## PlistBuddy compatibility"))
    let block = try #require(guide[section.upperBound...].firstMatch(of: /```sh\n([^`]*)```/)?.1)
    let lines = block.split(separator: "\n").filter { $0.hasPrefix("plistkit buddy -c") }
    #expect(lines.count == 4)
    let (folder, _) = try folder()
    try folder.file("App.entitlements", "<plist version=\"1.0\"><dict/></plist>\n")
    try folder.file("Extra.entitlements", "<plist version=\"1.0\"><dict><key>a</key><true/></dict></plist>\n")
    let bin = URL(fileURLWithPath: CLI.binary).deletingLastPathComponent().path
    var outputs: [String] = []
    for line in lines {
      let run = try CLI.run(
        ["-c", String(line)], environment: ["PATH": "\(bin):/usr/bin:/bin"], program: "/bin/sh", directory: folder.path)
      #expect(run.status == 0, "\(line): \(run.stderr)")
      outputs.append(run.output)
    }
    #expect(outputs == ["1.4.2\n", "", "", ""])
    let info = try PropertyList(bytes: try folder.contents("Info.plist"), format: .xml)
    #expect(info["CFBundleVersion"] == "42")
    #expect(info["LSApplicationQueriesSchemes"] == ["fb", "twitter"])
    #expect(try PropertyList(bytes: try folder.contents("App.entitlements"), format: .xml) == ["a": true])
  }
}
