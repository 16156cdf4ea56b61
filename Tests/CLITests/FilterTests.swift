import Foundation
import PlistKit
import Testing

/// `plistkit filter`: the book's search from the shell, with grep's exit codes.
@Suite("filter")
struct FilterTests {
  static let names: PropertyList = [
    "B": ["Bob", "Beyonce\u{301}", "Bea"], "A": ["Ann", "Anne-Marie"], "C": ["Cy", "Carl"], "Z": ["Zoë"],
  ]

  static func namesFile(_ folder: TemporaryDirectory) throws -> String {
    try folder.file("names.json", try names.serialized(as: .json))
  }

  @Test("text output: titles, indented matches, empty sections dropped")
  func text() throws {
    let folder = try TemporaryDirectory()
    let run = try CLI.run(["filter", try Self.namesFile(folder), "AN"])
    #expect(run.status == 0)
    #expect(run.stderr == "")
    #expect(run.output == "A\n  Ann\n  Anne-Marie\n")
  }

  @Test("exit 1 when nothing matches and on an unreadable file, as the CLI guide's table says; 2 on usage")
  func exitCodes() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.namesFile(folder)
    let none = try CLI.run(["filter", path, "xyz"])
    #expect(none.status == 1)
    #expect(none.output == "")
    #expect(none.stderr == "")
    let missing = try CLI.run(["filter", folder.path + "/none.plist", "a"])
    #expect(missing.status == 1)
    #expect(missing.stderr == "plistkit: \(folder.path)/none.plist: cannot open: No such file or directory\n")
    #expect(missing.output == "")
    let wrong = try CLI.run(["filter", path, "a", "--match", "suffix"])
    #expect(wrong.status == 2)
    let shape = try CLI.run(["filter", try folder.file("n.json", "[1, 2]"), "a"])
    #expect(shape.status == 1)
    #expect(shape.stderr == "plistkit: \(folder.path)/n.json: 0: expected a string or a dictionary, found integer\n")
  }

  @Test("an empty term prints everything")
  func emptyTerm() throws {
    let folder = try TemporaryDirectory()
    let run = try CLI.run(["filter", try Self.namesFile(folder), "", "--flat"])
    #expect(run.status == 0)
    #expect(run.output == "Ann\nAnne-Marie\nBob\nBeyonce\u{301}\nBea\nCy\nCarl\nZoë\n")
  }

  @Test("Unicode matching and the options")
  func matching() throws {
    let folder = try TemporaryDirectory()
    let path = try Self.namesFile(folder)
    #expect(try CLI.run(["filter", path, "Beyonc\u{E9}", "--flat"]).output == "Beyonce\u{301}\n")
    #expect(try CLI.run(["filter", path, "beyonce", "--flat"]).status == 1)
    #expect(try CLI.run(["filter", path, "beyonce", "--flat", "--ignore-diacritics"]).output == "Beyonce\u{301}\n")
    #expect(try CLI.run(["filter", path, "zoe", "-d", "--flat"]).output == "Zoë\n")
    #expect(try CLI.run(["filter", path, "ar", "--flat"]).output == "Anne-Marie\nCarl\n")
    #expect(try CLI.run(["filter", path, "ar", "--match", "prefix", "--flat"]).status == 1)
    #expect(try CLI.run(["filter", path, "ma", "--match", "word", "--flat"]).output == "Anne-Marie\n")
    #expect(try CLI.run(["filter", path, "ＢＯＢ", "--ignore-width", "--flat"]).output == "Bob\n")
  }

  @Test("JSON output")
  func json() throws {
    let folder = try TemporaryDirectory()
    let run = try CLI.run(["filter", try Self.namesFile(folder), "b", "--format", "json"])
    #expect(run.status == 0)
    let parsed = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [[String: Any]]
    let sections = try #require(parsed)
    #expect(sections.map { $0["section"] as? String } == ["B"])
    #expect(sections.map { $0["items"] as? [String] } == [["Bob", "Beyonce\u{301}", "Bea"]])
  }

  @Test("plist output keeps the input's shape")
  func plist() throws {
    let folder = try TemporaryDirectory()
    let run = try CLI.run(["filter", try Self.namesFile(folder), "c", "--format", "plist"])
    #expect(run.status == 0)
    let value = try PropertyList(bytes: run.stdout)
    #expect(value == ["B": ["Beyonce\u{301}"], "C": ["Cy", "Carl"]])
  }

  @Test("standard input: plain text lines and property lists")
  func standardInput() throws {
    let text = try CLI.run(["filter", "-", "ㄱㅂ"], stdin: Array("비빔밥\n김밥\n갈비\n된장찌개\n".utf8))
    #expect(text.status == 0)
    #expect(text.output == "김밥\n갈비\n")
    let json = try CLI.run(["filter", "-", "mac", "--flat"], stdin: Array("[\"iMac\", \"iPhone\", \"MacBook\"]".utf8))
    #expect(json.output == "iMac\nMacBook\n")
    let nothing = try CLI.run(["filter", "-", "x"], stdin: [])
    #expect(nothing.status == 1)
  }

  @Test("a one-group menu with an empty title keeps its shape in plist output")
  func oneGroupMenu() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("menu.json", "[{\"title\": \"\", \"menu\": [\"김밥\"], \"price\": 3}]")
    let run = try CLI.run(["filter", path, "ㄱ", "--format", "plist"])
    #expect(run.status == 0)
    #expect(try PropertyList(bytes: run.stdout) == [["title": "", "menu": ["김밥"], "price": 3]])
  }

  @Test("a flat list with --collation is printed in sections")
  func collation() throws {
    let folder = try TemporaryDirectory()
    let path = try folder.file("menu.json", "[\"김밥\", \"김치찌개\", \"갈비\", \"된장찌개\", \"Kimbap\"]")
    let run = try CLI.run(["filter", path, "김", "--collation", "ko"])
    #expect(run.output == "ㄱ\n  김밥\n  김치찌개\n")
    let all = try CLI.run(["filter", path, "ㄱ", "-c", "ko", "--format", "json"])
    let sections = try #require(try JSONSerialization.jsonObject(with: Data(all.stdout)) as? [[String: Any]])
    #expect(sections.map { $0["section"] as? String } == ["ㄱ", "ㄷ"])
  }

  @Test("the Korean menu sample by initials")
  func koreanMenu() throws {
    let run = try CLI.run(["filter", CLI.sample("koreanmenu.plist"), "ㄱㅂ"])
    #expect(run.status == 0)
    #expect(run.output == "밥\n  김밥\n고기\n  갈비\n  닭갈비\n")
  }

  @Test("the book's names: the same as grep -i would find")
  func sortedNames() throws {
    let run = try CLI.run(["filter", CLI.sample("sortednames.plist"), "ZY", "--flat"])
    #expect(run.status == 0)
    #expect(run.output == "Litzy\n")
  }

  @Test("binary input (read as string lists) filters exactly as the same names in XML")
  func binaryMatchesXML() throws {
    let folder = try TemporaryDirectory()
    let xmlPath = CLI.sample("sortednames.plist")
    var value = try PropertyList(bytes: try PropertyListFile.read(path: xmlPath))
    var sections = try #require(value.dictionaryValue)
    sections["Ö"] = ["Özil", "O\u{308}berg", "김밥", "Zoë"]
    value = .dictionary(sections)
    let sectionedXML = try folder.file("names.plist", try value.serialized(as: .xml))
    let sectionedBinary = try folder.file("names.bplist", try value.serialized(as: .binary))
    let flat = PropertyList.array(sections.values.flatMap { $0.arrayValue ?? [] })
    let flatXML = try folder.file("flat.plist", try flat.serialized(as: .xml))
    let flatBinary = try folder.file("flat.bplist", try flat.serialized(as: .binary))
    for (xml, binary) in [(sectionedXML, sectionedBinary), (flatXML, flatBinary)] {
      for term in ["", "a", "ABI", "ann", "zy", "zoe", "obe", "ö", "o\u{308}", "김", "ㄱㅂ", "xyzq"] {
        for extra in [
          [], ["--flat"], ["-d"], ["--format", "json"], ["--format", "plist"], ["--match", "word", "-d"],
        ] {
          let expected = try CLI.run(["filter", xml, term] + extra)
          let run = try CLI.run(["filter", binary, term] + extra)
          #expect(run.status == expected.status, "\(term) \(extra)")
          #expect(run.stdout == expected.stdout, "\(term) \(extra)")
          #expect(run.stderr == expected.stderr)
        }
      }
    }
    #expect(try CLI.run(["filter", sectionedBinary, "xyzq"]).status == 1)
    #expect(try CLI.run(["filter", sectionedBinary, "ㄱㅂ", "--flat"]).output == "김밥\n")
  }

  @Test("binary names matched a word at a time: every length, place and byte next to a letter, as in XML")
  func binaryWordMatching() throws {
    let folder = try TemporaryDirectory()
    // Lengths 0…20 around the 8- and 16-byte words, the term at the start, middle and end,
    // the bytes just outside 'A'…'Z' and 'a'…'z', and text that needs the full folding.
    var names: [PropertyList] = [
      "", "a", "A", "ab", "@abi", "[ABI]", "`abi", "{ABI}", "~abi~", "aBi", "tab\tabi", "\u{7F}abi", "straße",
      "STRASSE", "Beyonce\u{301}", "Zoë", "ＡＢＩ",
    ]
    for length in 3...20 {
      names.append(.string(String(repeating: "x", count: length)))
      for place in Set([0, (length - 3) / 2, length - 3]) {
        names.append(
          .string(String(repeating: "x", count: place) + "ABI" + String(repeating: "y", count: length - 3 - place)))
      }
    }
    let list = PropertyList.array(names)
    let xml = try folder.file("names.plist", try list.serialized(as: .xml))
    let binary = try folder.file("names.bplist", try list.serialized(as: .binary))
    let terms = [
      "abi", "a", "x", "xa", "iy", "bi]", "@a", "[a", "`a", "{a", "~", " ", "ss", "ß", "zoe", "é", "abi", "ａｂｉ",
      String(repeating: "x", count: 8), String(repeating: "x", count: 16), String(repeating: "x", count: 17),
      "xxxxxxxxABIyyyyyyyyy", "xabiy",
    ]
    for term in terms {
      let expected = try CLI.run(["filter", xml, term, "--flat"])
      let run = try CLI.run(["filter", binary, term, "--flat"])
      #expect(run.status == expected.status, "\(term)")
      #expect(run.stdout == expected.stdout, "\(term)")
    }
    let longest = String(repeating: "x", count: 17) + "ABI"
    #expect(try CLI.run(["filter", binary, longest.lowercased(), "--flat"]).output == longest + "\n")
  }

  @Test("binary ASCII strings with Latin-1 bytes are folded in full")
  func binaryLatin1() throws {
    let folder = try TemporaryDirectory()
    // ["caf\u{E9} abi", "stra\u{DF}e", "ABI"], each an ASCII-marked string, two with Latin-1 bytes.
    let path = try folder.file(
      "latin1.bplist",
      HostileFiles.binary([
        [0xA3, 1, 2, 3], [0x58, 0x63, 0x61, 0x66, 0xE9, 0x20, 0x61, 0x62, 0x69],
        [0x56, 0x73, 0x74, 0x72, 0x61, 0xDF, 0x65], [0x53, 0x41, 0x42, 0x49],
      ]))
    #expect(try CLI.run(["filter", path, "abi", "--flat"]).output == "caf\u{E9} abi\nABI\n")
    #expect(try CLI.run(["filter", path, "E\u{301}", "--flat"]).output == "caf\u{E9} abi\n")
    #expect(try CLI.run(["filter", path, "stras", "--flat"]).output == "stra\u{DF}e\n")
  }

  @Test("a binary name list with a broken string anywhere gets the binary reader's error, and nothing else")
  func binaryBrokenLists() throws {
    let folder = try TemporaryDirectory()
    // {"A": ["abi"], "B": [ELEMENT]}: objects 0 dict, 1-2 keys, 3-4 arrays, 5 "abi", 6 the element.
    func sectioned(_ element: [UInt8], reference: UInt8 = 6) -> [UInt8] {
      HostileFiles.binary([
        [0xD2, 1, 2, 3, 4], [0x51, 0x41], [0x51, 0x42], [0xA1, 5], [0xA1, reference], [0x53, 0x61, 0x62, 0x69],
        element,
      ])
    }
    let cases: [(bytes: [UInt8], message: String)] = [
      (sectioned([0x61, 0xD8, 0x00]), "byte 26: object 6: UTF-16 string has an unpaired surrogate 0xD800"),
      (sectioned([0x51, 0x78], reference: 9), "byte 20: object 4 refers to object 9, but there are only 7 objects"),
      (
        sectioned([0x5E, 0x79]),
        "byte 25: object 6: string of 14 bytes does not fit in the 1 byte left before the offset table"
      ),
    ]
    for (number, (bytes, message)) in cases.enumerated() {
      let path = try folder.file("broken\(number).bplist", bytes)
      for extra in [[], ["--flat"]] {
        let run = try CLI.run(["filter", path, "abi"] + extra)
        #expect(run.status == 1, "\(message)")
        #expect(run.output == "", "\(message)")
        #expect(run.stderr == "plistkit: \(path): \(message)\n")
      }
    }
    // A repeated key keeps its first place and takes its last array, as the general reader
    // builds the dictionary; the first array's strings are still checked.
    let repeated = try folder.file(
      "repeated.bplist",
      HostileFiles.binary([
        [0xD3, 1, 2, 1, 3, 4, 5], [0x51, 0x42], [0x51, 0x41], [0xA1, 6], [0xA1, 7], [0xA1, 8],
        [0x54, 0x61, 0x62, 0x69, 0x31], [0x54, 0x61, 0x62, 0x69, 0x32], [0x54, 0x61, 0x62, 0x69, 0x33],
      ]))
    #expect(try CLI.run(["filter", repeated, "abi"]).output == "A\n  abi2\nB\n  abi3\n")
  }

  @Test("a binary file of megabytes (read into a buffer for huge pages) filters as a small one, or steps aside")
  func largeBinaryFiles() throws {
    let folder = try TemporaryDirectory()
    // 2,400 strings of about 1,800 bytes: over 4 MB, so the file is read into its own buffer.
    let filler = String(repeating: "x", count: 1_800)
    let names = (0..<2_400).map { PropertyList.string(filler + ($0 % 500 == 0 ? "ABI\($0)" : "\($0)")) }
    let list = try folder.file("large.bplist", try PropertyList.array(names).serialized(as: .binary))
    #expect(try PropertyListFile.read(path: list).count >= 4 << 20)
    let run = try CLI.run(["filter", list, "abi", "--flat"])
    #expect(run.status == 0)
    #expect(run.output == [0, 500, 1_000, 1_500, 2_000].map { filler + "ABI\($0)\n" }.joined())
    // Not a list of names: the usual reading, and its error.
    let mixed = try folder.file("mixed.bplist", try PropertyList.array(names + [5]).serialized(as: .binary))
    let mixedRun = try CLI.run(["filter", mixed, "abi"])
    #expect(mixedRun.status == 1)
    #expect(mixedRun.stderr == "plistkit: \(mixed): 2400: expected a string or a dictionary, found integer\n")
    // A broken string at the very end: the binary reader's error, nothing printed.
    var objects: [[UInt8]] = [[0xAF, 0x11] + HostileFiles.bigEndian(2_401, width: 2)]
    objects[0] += (1...2_401).flatMap { HostileFiles.bigEndian(UInt64($0), width: 2) }
    objects += Array(
      repeating: [0x5F, 0x11] + HostileFiles.bigEndian(1_800, width: 2) + Array(filler.utf8), count: 2_400)
    objects.append([0x61, 0xD8, 0x00])
    let broken = try folder.file("broken.bplist", HostileFiles.binary(objects, referenceSize: 2, offsetSize: 3))
    let brokenRun = try CLI.run(["filter", broken, "abi", "--flat"])
    #expect(brokenRun.status == 1)
    #expect(brokenRun.output == "")
    #expect(brokenRun.stderr.hasSuffix(": object 2401: UTF-16 string has an unpaired surrogate 0xD800\n"))
  }

  /// The book's keyed archive: the project's sample, and Apple's own file when the corpus is here.
  static let presidentsArchives: [String] = [
    CLI.sample("Presidents.plist"), Corpus.path("book/Presidents.plist"),
  ].filter { FileManager.default.fileExists(atPath: $0) }

  @Test(
    "a keyed archive is searched as the list it holds: the Presidents by Name, or by --key",
    arguments: presidentsArchives)
  func keyedArchive(path: String) throws {
    let run = try CLI.run(["filter", path, "ford"])
    #expect(run.stderr == "")
    #expect(run.status == 0)
    #expect(run.output == "Rutherford B. Hayes\nGerald Ford\n")
    let party = try CLI.run(["filter", path, "whig", "--key", "Party", "--flat"])
    #expect(party.status == 0)
    #expect(party.output == "Whig\nWhig\nWhig\nWhig\n")
    let sectioned = try CLI.run(["filter", path, "linc", "--collation", "en"])
    #expect(sectioned.output == "A\n  Abraham Lincoln\n")
    let plist = try CLI.run(["filter", path, "Gerald", "--format", "plist"])
    #expect(
      try PropertyList(bytes: plist.stdout) == [
        ["President": 38, "ToYear": "1977", "FromYear": "1974", "Party": "Republican", "Name": "Gerald Ford"]
      ])
    let none = try CLI.run(["filter", path, "xyz"])
    #expect(none.status == 1)
    #expect(none.stderr == "")
  }
}
