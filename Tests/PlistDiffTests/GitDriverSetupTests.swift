import PlistDiff
import Testing

/// The attributes `plistkit git install` adds and `uninstall` removes, byte for byte.
@Suite("git driver setup")
struct GitDriverSetupTests {
  let setup = GitDriverSetup()
  let block = """
    # Property lists: diffs and merges by plistkit (plistkit git install)
    *.plist diff=plist merge=plist
    *.pbxproj diff=plist merge=pbxproj
    *.strings diff=plist merge=plist
    *.xcstrings diff=plist merge=plist
    *.entitlements diff=plist merge=plist

    """

  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("install adds the block to an empty or unterminated file; a second install changes nothing")
  func install() {
    #expect(setup.installing(into: []) == bytes(block))
    let own = "*.swift diff=swift"
    let installed = setup.installing(into: bytes(own))
    #expect(installed == bytes(own + "\n" + block))
    #expect(setup.installing(into: installed) == installed)
    #expect(setup.isInstalled(in: installed) && !setup.isInstalled(in: bytes(own)))
  }

  @Test("install adds only the lines that are missing; lines with CRLF or trailing blanks count as present")
  func partial() {
    let readme = "*.plist diff=plist merge=plist\r\n*.pbxproj diff=plist merge=pbxproj  \n"
    #expect(
      setup.installing(into: bytes(readme))
        == bytes(
          readme + "# Property lists: diffs and merges by plistkit (plistkit git install)\n"
            + "*.strings diff=plist merge=plist\n*.xcstrings diff=plist merge=plist\n"
            + "*.entitlements diff=plist merge=plist\n"))
  }

  @Test("uninstall removes exactly those lines, wherever they are; every other byte stays")
  func uninstall() {
    let own = "# mine\r\n*.swift diff=swift\n\n*.plist -diff\n*.psd binary"
    let mixed =
      "# mine\r\n*.plist diff=plist merge=plist\n*.swift diff=swift\n\n*.plist -diff\n" + block + "*.psd binary"
    #expect(setup.uninstalling(from: bytes(mixed)) == bytes(own))
    #expect(setup.uninstalling(from: setup.installing(into: bytes(own + "\n"))) == bytes(own + "\n"))
    #expect(setup.uninstalling(from: bytes(block)) == [])
    #expect(setup.uninstalling(from: bytes(own)) == bytes(own))
  }

  @Test("the global attributes file is where git looks for it")
  func globalPath() {
    #expect(
      GitDriverSetup.globalAttributesPath(configured: nil, home: "/home/u", xdgConfigHome: nil)
        == "/home/u/.config/git/attributes")
    #expect(
      GitDriverSetup.globalAttributesPath(configured: nil, home: "/home/u", xdgConfigHome: "")
        == "/home/u/.config/git/attributes")
    #expect(
      GitDriverSetup.globalAttributesPath(configured: nil, home: "/home/u", xdgConfigHome: "/x") == "/x/git/attributes")
    #expect(
      GitDriverSetup.globalAttributesPath(configured: "~/attrs", home: "/home/u", xdgConfigHome: "/x")
        == "/home/u/attrs")
    #expect(
      GitDriverSetup.globalAttributesPath(configured: "/etc/attrs", home: "/home/u", xdgConfigHome: nil) == "/etc/attrs"
    )
  }

  @Test("the drivers run plistkit with the file's path, textconv for diffs")
  func configuration() {
    #expect(
      setup.configEntries.map { "\($0.key)=\($0.value)" } == [
        "diff.plist.textconv=plistkit textconv",
        "merge.plist.name=plistkit three-way merge",
        "merge.plist.driver=plistkit merge %O %A %B --marker-size %L --path %P",
        "merge.pbxproj.name=plistkit three-way merge of Xcode projects",
        "merge.pbxproj.driver=plistkit merge %O %A %B --marker-size %L --path %P",
      ])
  }
}
