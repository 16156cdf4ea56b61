import PlistBuddy
import PlistKit
import Testing

/// Every command's transcript: what it prints on each stream (standard error marked `2> `),
/// what it leaves in the value, and whether the run fails.
@Suite("Session commands")
struct SessionTests {
  @Test("Print: values, containers, missing entries, entries without the leading colon")
  func print() {
    let run = Run(
      ["Print :Name", "Print Version", "Print :Tags:1", "Print :Nested", "Print :Rating", "Print :Nested:Inner:"],
      on: sample)
    #expect(
      run.text == """
        Test App
        42
        beta
        Dict {
            Inner = value
        }
        3.140000
        value

        """)
    #expect(!run.session.hasFailed)
    #expect(run.files.saves.isEmpty)
    let missing = Run(
      ["Print :Nope", "Print :Tags:2", "Print :Tags:x", "Print :Name:sub", "Print :Version"], on: sample)
    #expect(
      missing.text == """
        2> Print: Entry, ":Nope", Does Not Exist
        2> Print: Entry, ":Tags:2", Does Not Exist
        2> Print: Entry, ":Tags:x", Does Not Exist
        2> Print: Entry, ":Name:sub", Does Not Exist
        42

        """)
    #expect(missing.session.hasFailed)
  }

  @Test("Print of the root, and -x printing XML")
  func printRoot() throws {
    let root: PropertyList = ["a": 1, "b": ["c"]]
    let expected = "Dict {\n    a = 1\n    b = Array {\n        c\n    }\n}\n"
    #expect(Run(["Print"], on: root).text == expected)
    #expect(Run(["Print :"], on: root).text == expected)
    let xml = Run(["Print :b"], on: root, xml: true)
    #expect(xml.transcript.standardOutput == (try PropertyList.array(["c"]).serialized(as: .xml)))
    #expect(xml.text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist"))
    #expect(xml.text.hasSuffix("</plist>\n"))
  }

  @Test("Set keeps the type, refuses containers and missing entries, and sets a scalar root")
  func set() {
    let run = Run(
      [
        "Set :Name hello world", "Set :Version 7", "Set :Enabled NO", "Set :Rating 2.5", "Set :Tags:0 first",
        "Set :Icon xyz", "Set :Nested:Inner \"quoted value\"",
      ], on: sample)
    #expect(run.text == "")
    #expect(!run.session.hasFailed)
    #expect(run.root["Name"] == "hello world")
    #expect(run.root["Version"] == 7)
    #expect(run.root["Enabled"] == false)
    #expect(run.root["Rating"] == 2.5)
    #expect(run.root["Tags"] == ["first", "beta"])
    #expect(run.root["Icon"] == .data(Array("xyz".utf8)))
    #expect(run.root["Nested"]?["Inner"] == "quoted value")
    #expect(run.root.dictionaryValue?.keys == sample.dictionaryValue?.keys, "Set keeps each key's place")
    #expect(run.files.saves.count == 1)

    let refused = Run(
      ["Set :Nope 1", "Set :Tags x", "Set :Nested x", "Set", "Set :Version abc", "Set :Rating x"], on: sample)
    #expect(
      refused.text == """
        2> Set: Entry, ":Nope", Does Not Exist
        2> Set: Cannot Perform Set On Containers
        2> Set: Cannot Perform Set On Containers
        2> Set: Cannot Perform Set On Containers
        Unrecognized Integer Format
        Unrecognized Real Format

        """)
    #expect(refused.session.hasFailed)
    #expect(refused.root == sample)

    let format = Run(["Set :Version abc"], on: sample)
    #expect(!format.session.hasFailed, "a VALUE that does not read changes nothing and does not fail")

    #expect(Run(["Set : newvalue"], on: "old").root == "newvalue")
    #expect(Run(["Set : 99"], on: 1).root == 99)
    #expect(Run(["Set : false"], on: true).root == false)
  }

  @Test("Add: every type, into dictionaries and arrays, creating dictionaries on the way")
  func add() throws {
    let run = Run(
      [
        "Add :S string hello world", "Add :I integer 42", "Add :R real 3.5", "Add :B bool YES", "Add :F bool false",
        "Add :D data AQID", "Add :T date Sun Apr 05 20:39:09 UTC 2020", "Add :A array", "Add :Dict dict",
        "Add :A: string last", "Add :A:0 string first", "Add :A:99 string end", "Add :E string",
        "Add :a:b:c string deep", "Add : string empty key",
      ], on: [:])
    #expect(run.text == "")
    #expect(!run.session.hasFailed)
    let date = try #require(PropertyListDate(iso8601: "2020-04-05T20:39:09Z"))
    #expect(
      run.root == [
        "S": "hello world", "I": 42, "R": 3.5, "B": true, "F": false, "D": .data(Array("AQID".utf8)),
        "T": .date(date), "A": ["first", "last", "end"], "Dict": [:], "E": "", "a": ["b": ["c": "deep"]],
        "": "empty key",
      ])
  }

  @Test("Add's refusals, and values that do not read")
  func addRefusals() {
    let run = Run(
      [
        "Add :Name string x", "Add :Name:sub string x", "Add :Tags:x string y", "Add :Foo badtype bar", "Add",
        "Add :N integer abc", "Add :D date", "Add :Tags:5:x string y",
      ], on: sample)
    #expect(
      run.text == """
        2> Add: ":Name" Entry Already Exists
        2> Add: Can't Add Entry, ":Name:sub", to Parent
        2> Add: Can't Add Entry, ":Tags:x", to Parent
        Unrecognized Type: badtype
        Unrecognized Type: 
        Unrecognized Integer Format
        Unrecognized Date Format
        2> Add: Entry, ":Tags:5:x", Incorrectly Specified

        """)
    #expect(run.session.hasFailed)
    #expect(run.root == sample)
    #expect(Run(["Add :key string val"], on: "root").text == "2> Add: Can't Add Entry, \":key\", to Parent\n")
    #expect(!Run(["Add :Tags:5:x string y"], on: sample).session.hasFailed, "as macOS: reported, exit 0")
    #expect(!Run(["Add :D date"], on: sample).session.hasFailed)
    #expect(Run(["Add :Foo badtype bar"], on: sample).session.hasFailed)
  }

  @Test("Add on a root array")
  func addToRootArray() {
    #expect(
      Run(["Add : string appended", "Add :0 string inserted"], on: ["a", "b"]).root == [
        "inserted", "a", "b", "appended",
      ])
    #expect(Run(["Add :0: string added"], on: [["inner"]]).root == [["inner", "added"]])
  }

  @Test("Copy: deep copies, new dictionaries on the way, refusals")
  func copy() {
    let run = Run(
      ["Copy :Nested :Again", "Copy :Name :New:Deep:Path", "Copy :Tags:0 :Tags:", "Copy :Name"], on: sample)
    #expect(run.text == "")
    #expect(run.root["Again"] == ["Inner": "value"])
    #expect(run.root["New"] == ["Deep": ["Path": "Test App"]])
    #expect(run.root["Tags"] == ["alpha", "beta", "alpha"])
    let refused = Run(["Copy :Name :Version", "Copy :Nope :Foo", "Copy", "Copy :Name :Name:x"], on: sample)
    #expect(
      refused.text == """
        2> Copy: ":Version" Entry Already Exists
        2> Copy: Entry, ":Nope", Does Not Exist
        2> Copy: "" Entry Already Exists
        2> Copy: Can't Add Entry, ":Name:x", to Parent

        """)
    #expect(refused.session.hasFailed)
    #expect(refused.root == sample)
  }

  @Test("Delete: keys, elements, whole trees; the root cannot go")
  func delete() {
    let run = Run(["Delete :Name", "Delete :Tags:0", "Delete :Nested"], on: sample)
    #expect(run.text == "")
    #expect(run.root.dictionaryValue?.keys == ["Version", "Enabled", "Rating", "Icon", "Tags"])
    #expect(run.root["Tags"] == ["beta"])
    let refused = Run(["Delete :Nope", "Delete :Tags:9", "Delete :Name:x", "Delete"], on: sample)
    #expect(
      refused.text == """
        2> Delete: Entry, ":Nope", Does Not Exist
        2> Delete: Entry, ":Tags:9", Does Not Exist
        2> Delete: Entry, ":Name:x", Does Not Exist
        Working Container has become Invalid.  Setting to :

        """)
    #expect(refused.root == sample)
    #expect(!Run(["Delete"], on: sample).session.hasFailed)
  }

  @Test("Clear: each type, and an unknown or missing type makes a dictionary")
  func clear() throws {
    #expect(Run(["Clear dict"], on: sample).text == "Initializing Plist...\n")
    #expect(Run(["Clear dict"], on: sample).root == [:])
    #expect(Run(["Clear array"], on: sample).root == [])
    #expect(Run(["Clear string"], on: sample).root == "")
    #expect(Run(["Clear integer"], on: sample).root == 0)
    #expect(Run(["Clear real"], on: sample).root == 0.0)
    #expect(Run(["Clear bool"], on: sample).root == false)
    #expect(Run(["Clear data"], on: sample).root == .data([]))
    #expect(Run(["Clear date"], on: sample).root == .date(PropertyListDate(secondsSinceReferenceDate: 0)))
    let unknown = Run(["Clear", "Clear nonsense"], on: sample)
    #expect(
      unknown.text == "Unrecognized Type: \nInitializing Plist...\nUnrecognized Type: nonsense\nInitializing Plist...\n"
    )
    #expect(unknown.root == [:])
    #expect(!unknown.session.hasFailed)
  }

  @Test("Save, Revert and Exit")
  func saveRevertExit() {
    let files = MemoryFiles()
    let run = Run(
      ["Set :Name Changed", "Revert", "Print :Name", "Set :Name Kept", "Save", "Exit", "Set :Name Never"],
      on: sample, files: files)
    #expect(run.text == "Reverting to last saved state...\nTest App\nSaving...\n")
    #expect(files.saves.count == 1, "saved by Save; nothing changed after it, so the end of the run does not save")
    #expect(files.values["f.plist"]?["Name"] == "Kept")
    #expect(run.session.hasExited)

    let exitThenSave = Run(["Set :Name ExitTest", "Exit"], on: sample)
    #expect(exitThenSave.files.values["f.plist"]?["Name"] == "ExitTest", "-c runs save even after Exit")

    let readOnly = Run(["Print :Name", "Print :Version"], on: sample)
    #expect(readOnly.files.saves.isEmpty, "commands that only read do not write the file")

    let failedEdit = Run(["Set :Nope 1"], on: sample)
    #expect(failedEdit.files.saves.count == 1, "as on macOS, an edit command marks the file changed even when it fails")
  }

  @Test("a file that cannot be written fails the run")
  func saveFailure() {
    let files = MemoryFiles()
    files.refusesWrites = true
    let run = Run(["Set :Name x"], on: sample, files: files)
    #expect(run.text == "2> Cannot Write File: f.plist (Permission denied)\n")
    #expect(run.session.hasFailed)
  }

  @Test("a missing file starts empty and is created; an invalid one stops the run")
  func opening() {
    let created = Run(["Add :Key string val"], on: nil)
    #expect(created.text == "File Doesn't Exist, Will Create: f.plist\n")
    #expect(created.files.values["f.plist"] == ["Key": "val"])
    let files = MemoryFiles()
    files.invalid = ["f.plist"]
    let invalid = Run(["Print"], on: nil, files: files)
    #expect(invalid.text == "2> f.plist:1:1: not a property list\nError Reading File: f.plist\n")
    #expect(invalid.session.hasFailed)
  }

  @Test("Merge: dictionaries keep their keys, arrays append, mismatches are refused")
  func merge() {
    let files = MemoryFiles()
    files.values["more.plist"] = ["Name": "from merge", "NewKey": "merged", "List": [1]]
    files.values["list.plist"] = ["x", "y"]
    files.values["one.plist"] = "single"
    let run = Run(
      ["Merge more.plist", "Merge list.plist :Tags", "Merge one.plist :Tags", "Merge more.plist :Nested"],
      on: sample, files: files)
    #expect(run.text == "")
    #expect(run.root["Name"] == "Test App")
    #expect(run.root["NewKey"] == "merged")
    #expect(run.root["Tags"] == ["alpha", "beta", "x", "y", "single"])
    #expect(run.root["Nested"] == ["Inner": "value", "Name": "from merge", "NewKey": "merged", "List": [1]])
    files.invalid = ["bad.plist"]
    let refused = Run(
      [
        "Merge more.plist :Tags", "Merge list.plist :Nested", "Merge more.plist :Nope", "Merge more.plist :Name",
        "Merge missing.plist", "Merge bad.plist", "Merge",
      ], on: sample, files: files)
    #expect(
      refused.text == """
        2> Merge: Can't Add dict Entries to array
        2> Merge: Can't Add array Entries to dict
        2> Merge: ":Nope" Entry Does Not Exist
        2> Merge: Specified Entry Must Be a Container
        2> Error Opening File: missing.plist (No such file or directory)
        2> Merge: Error Reading File: missing.plist
        2> bad.plist:1:1: not a property list
        2> Merge: Error Reading File: bad.plist
        2> Error Opening File:  (No such file or directory)
        2> Merge: Error Reading File: 

        """)
    #expect(refused.session.hasFailed)
  }

  @Test("Import: new entries become data, existing ones keep their type")
  func importFiles() {
    let files = MemoryFiles()
    files.bytes["hello.txt"] = Array("hello world".utf8)
    files.bytes["number.txt"] = Array("17\n".utf8)
    let run = Run(
      ["Import :Imported hello.txt", "Import :Name hello.txt", "Import :Version number.txt", "Import :Icon hello.txt"],
      on: sample, files: files)
    #expect(run.text == "")
    #expect(run.root["Imported"] == .data(Array("hello world".utf8)))
    #expect(run.root["Name"] == "hello world")
    #expect(run.root["Version"] == 17)
    #expect(run.root["Icon"] == .data(Array("hello world".utf8)))
    let refused = Run(
      ["Import :Nested hello.txt", "Import :Tags hello.txt", "Import :Foo nope.txt", "Import"],
      on: sample, files: files)
    #expect(
      refused.text == """
        2> Import: Specified Entry Must Not Be a Container
        2> Import: Specified Entry Must Not Be a Container
        2> Error Opening File: nope.txt (No such file or directory)
        2> Import: Error Reading File: nope.txt
        2> Import: Specified Entry Must Not Be a Container

        """)
  }

  @Test("Help, unknown commands, and several commands in one run")
  func helpAndUnknown() {
    let help = Run(["Help"], on: sample)
    #expect(help.text == BuddyHelp.commands)
    #expect(
      help.text.contains("Command Format:") && help.text.contains("Entry Format:") && help.text.contains("Types:"))
    #expect(!help.session.hasFailed)
    let unknown = Run(["FooBar", "", "  Print :Name", "Print :Name"], on: sample)
    #expect(unknown.text == "Unrecognized Command\nUnrecognized Command\nUnrecognized Command\nTest App\n")
    #expect(unknown.session.hasFailed)
    let order = Run(["Delete :Name", "Add :Name integer 42", "Print :Name"], on: sample)
    #expect(order.text == "42\n")
    #expect(order.root.dictionaryValue?.keys.last == "Name")
  }

  @Test("keys with spaces, colons and quotes")
  func specialKeys() {
    let root: PropertyList = ["key with spaces": "spaced", "a:b": "colon", "emoji🎉": "party", "": "empty key"]
    let run = Run(
      [
        #"Print ":key with spaces""#, "Print ':key with spaces'", #"Print :a\:b"#, #"Print :"a:b""#, "Print :emoji🎉",
        "Print :key with spaces",
      ],
      on: root)
    #expect(
      run.text == """
        spaced
        spaced
        colon
        2> Print: Entry, ":a:b", Does Not Exist
        party
        2> Print: Entry, ":key", Does Not Exist

        """)
    #expect(
      Run([#"Set :MyStore:"Schema version" "2""#], on: ["MyStore": ["Schema version": "1"]]).root == [
        "MyStore": ["Schema version": "2"]
      ])
  }
}
