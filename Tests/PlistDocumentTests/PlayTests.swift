import PlistDocument
import PlistKit
import Testing

@Suite struct PlayTests {
  static let docs: [(String, String)] = [
    ("openstep", "// Settings\n{\n\tname = Demo;\n\tlist = (\n\t\ta,\n\t\tb,\n\t);\n\tonly = (\n\t\tx,\n\t);\n\tnested = {\n\t\tkey = value;\n\t};\n}\n"),
    ("strings", "/* Title */\n\"title\" = \"Hello\";\n\n/* Button */\n\"ok\" = \"OK\";\n"),
    ("json", "{\n  \"name\": \"Demo\",\n  \"list\": [\n    1,\n    2\n  ],\n  \"only\": {\n    \"k\": true\n  }\n}\n"),
    ("xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>name</key>\n\t<string>Demo</string>\n\t<key>list</key>\n\t<array>\n\t\t<integer>1</integer>\n\t\t<integer>2</integer>\n\t</array>\n\t<key>only</key>\n\t<dict>\n\t\t<key>k</key>\n\t\t<true/>\n\t</dict>\n</dict>\n</plist>\n"),
  ]

  @Test func play() throws {
    for (name, text) in Self.docs {
      let edits: [(String, (inout PropertyListDocument) throws -> Void)] = [
        ("set", { try $0.setValue("New Name", at: name == "strings" ? "title" : "name") }),
        ("insertdict", { try $0.insertValue(["a": "b"] as PropertyList, at: "extra") }),
        ("insertarray", { if name != "strings" { try $0.insertValue("mid", at: "list.1") } }),
        ("appendarray", { if name != "strings" { try $0.insertValue("end", at: "list", append: true) } }),
        ("removefirst", { try $0.removeValue(at: name == "strings" ? "title" : "name") }),
        ("removelast", { try $0.removeValue(at: name == "strings" ? "ok" : (name == "openstep" ? "nested" : "only")) }),
        ("removeonly", { if name != "strings" { try $0.removeValue(at: name == "openstep" ? "only.0" : "only.k") } }),
        ("move", { try $0.moveValue(from: name == "strings" ? "title" : "name", to: name == "strings" ? "heading" : "list.0") }),
      ]
      for (editName, edit) in edits {
        var document = try PropertyListDocument(bytes: Array(text.utf8))
        do {
          try edit(&document)
          print("=== \(name) \(editName)\n\(String(decoding: document.bytes, as: UTF8.self))")
          let reread = try PropertyList(bytes: document.bytes)
          print("value ok: \(reread == (try document.value))")
        } catch {
          print("=== \(name) \(editName) ERROR \(error)")
        }
      }
    }
  }
}
